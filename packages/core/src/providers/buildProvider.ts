import type { ProviderSettings } from "@cairn/types"
import { AnthropicProvider } from "./anthropicProvider.js"
import { BedrockProvider } from "./bedrockProvider.js"
import { resolveModelInfo } from "./modelCatalog.js"
import type { ModelProvider } from "./modelProvider.js"
import { OllamaProvider } from "./ollamaProvider.js"
import { OpenAiProvider } from "./openaiProvider.js"
import { ProviderError } from "./providerError.js"
import { requestSecrets, withRedactedErrors } from "./redactSecrets.js"

/**
 * Local OpenAI-compatible servers (LM Studio, vLLM, llama.cpp) usually need no key, but the SDK
 * refuses to start without one; this goes in the Authorization header, which they ignore.
 */
export const noApiKeyPlaceholder = "cairn-no-api-key"

function missingKey(provider: string): ProviderError {
	return new ProviderError(
		"auth",
		`No API key is set for ${provider}. Add one in Cairn's settings (or pass --api-key to the CLI).`,
	)
}

/**
 * The provider for these settings. Throws a ProviderError of kind "auth" when the provider
 * needs a key and none is given: Anthropic always, OpenAI unless a base URL points elsewhere.
 * Every provider is built here, so this is where their errors lose the secrets they were sent.
 */
export function buildProvider(settings: ProviderSettings, apiKey: string | undefined): ModelProvider {
	const key = apiKey?.trim() || undefined
	return withRedactedErrors(providerFor(settings, key), requestSecrets(settings, key))
}

function providerFor(settings: ProviderSettings, key: string | undefined): ModelProvider {
	const info = resolveModelInfo(settings.provider, settings.modelId, settings.modelInfo)
	switch (settings.provider) {
		case "anthropic":
			if (key === undefined) throw missingKey("Anthropic")
			return new AnthropicProvider(settings, key, info)
		case "openai":
			if (key === undefined && settings.baseUrl === undefined) throw missingKey("OpenAI")
			return new OpenAiProvider(settings, key ?? noApiKeyPlaceholder, info)
		case "ollama":
			return new OllamaProvider(settings, key, info)
		case "bedrock":
			return new BedrockProvider(settings, key, info)
		// PROVIDERS-BASE: each branch below is replaced by its provider before this reaches main.
		case "gemini":
		case "vertex":
		case "openrouter":
		case "lmstudio":
		case "vscode-lm":
			throw new ProviderError("bad_request", `${settings.provider} is being built on this branch.`)
	}
}
