export type {
	ApiMessage,
	AssistantBlock,
	AssistantMessage,
	ImageBlock,
	ReasoningBlock,
	TextBlock,
	ToolResultBlock,
	ToolUseBlock,
	UserBlock,
	UserMessage,
} from "./apiMessage.js"
export type {
	ApiStreamChunk,
	ApiUsageChunk,
	CreateMessageRequest,
	ModelProvider,
	ToolSpec,
} from "./modelProvider.js"
export { ProviderError, type ProviderErrorDetails, type ProviderErrorKind } from "./providerError.js"
export { recognizeContextOverflow, type ContextOverflowFacts } from "./contextOverflow.js"
export { discoverModelInfo, type DiscoveredModelInfo, type DiscoveryOptions } from "./modelDiscovery.js"
export { settingsWithDiscovery, withDiscoveredModelInfo } from "./discoveredSettings.js"
export { requestCost } from "./cost.js"
export { canListModels, listModels, type ListingOptions } from "./model-lists/listModels.js"
export { testConnection } from "./model-lists/testConnection.js"
export { buildProvider, noApiKeyPlaceholder } from "./buildProvider.js"
export { defaultModelInfo, findKnownModel, knownModels, resolveModelInfo } from "./modelCatalog.js"
export {
	parseRetryAfter,
	toProviderError,
	type ErrorContext,
	type SdkErrorClasses,
} from "./providerErrors.js"
export { AnthropicProvider, anthropicDefaultBaseUrl, claudeTraits } from "./anthropic/anthropicProvider.js"
export { OpenAiProvider, openaiDefaultBaseUrl } from "./openai/openaiProvider.js"
export { OpenRouterProvider } from "./openrouter/openRouterProvider.js"
export { OllamaProvider, ollamaDefaultHost } from "./ollama/ollamaProvider.js"
export { BedrockProvider, bedrockEndpoint } from "./bedrock/bedrockProvider.js"
export { fallbackToolCallId, joinText, toolArgumentsObject } from "./wireHelpers.js"
