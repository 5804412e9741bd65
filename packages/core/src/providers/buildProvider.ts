import type { ProviderSettings } from "@cairn/types"
import type { AuthClient } from "google-auth-library"
import { AnthropicProvider, anthropicConnection } from "./anthropic/anthropicProvider.js"
import { BedrockProvider } from "./bedrock/bedrockProvider.js"
import { GeminiProvider, googleAiConnection } from "./gemini/geminiProvider.js"
import { resolveModelInfo } from "./modelCatalog.js"
import type { ModelProvider } from "./modelProvider.js"
import { OllamaProvider } from "./ollama/ollamaProvider.js"
import { OpenAiProvider } from "./openai/openaiProvider.js"
import { OpenRouterProvider } from "./openrouter/openRouterProvider.js"
import { ProviderError } from "./providerError.js"
import { requestSecrets, withRedactedErrors } from "./redactSecrets.js"
import { vertexProvider } from "./vertex/vertexProvider.js"

/** What the tests put in place of a real service's credentials (never set from settings). */
export interface ProviderSeams {
	/** Google credentials for Vertex AI, e.g. a fixed token for the model server. */
	googleAuthClient?: AuthClient
}

/**
 * Local OpenAI-compatible servers (LM Studio, vLLM, llama.cpp) usually need no key, but the SDK
 * refuses to start without one; this goes in the Authorization header, which they ignore.
 */
export const noApiKeyPlaceholder = "cairn-no-api-key"

export function missingKey(provider: string): ProviderError {
	return new ProviderError(
		"auth",
		`No API key is set for ${provider}. Add one in Cairn's settings (or pass --api-key to the CLI).`,
		{ problem: { kind: "provider_no_key", params: { endpoint: provider } } },
	)
}

/**
 * The provider for these settings. Throws a ProviderError of kind "auth" when the provider
 * needs a key and none is given: Anthropic always, OpenAI unless a base URL points elsewhere.
 * Every provider is built here, so this is where their errors lose the secrets they were sent.
 */
export function buildProvider(
	settings: ProviderSettings,
	apiKey: string | undefined,
	seams: ProviderSeams = {},
): ModelProvider {
	const key = apiKey?.trim() || undefined
	return withRedactedErrors(providerFor(settings, key, seams), requestSecrets(settings, key))
}

function providerFor(
	settings: ProviderSettings,
	key: string | undefined,
	seams: ProviderSeams,
): ModelProvider {
	const info = resolveModelInfo(settings.provider, settings.modelId, settings.modelInfo)
	switch (settings.provider) {
		case "anthropic":
			if (key === undefined) throw missingKey("Anthropic")
			return new AnthropicProvider(settings, info, anthropicConnection(settings, key))
		case "openai":
			if (key === undefined && settings.baseUrl === undefined) throw missingKey("OpenAI")
			return new OpenAiProvider(settings, key ?? noApiKeyPlaceholder, info)
		case "ollama":
			return new OllamaProvider(settings, key, info)
		case "openrouter":
			if (key === undefined) throw missingKey("OpenRouter")
			return new OpenRouterProvider(settings, key, info)
		case "lmstudio":
			return new OpenAiProvider(settings, key ?? noApiKeyPlaceholder, info)
		case "bedrock":
			return new BedrockProvider(settings, key, info)
		case "vscode-lm":
			// The editor builds this one itself (src/languageModel); anywhere else there is no `vscode.lm`.
			throw new ProviderError(
				"bad_request",
				"The VS Code Language Model API is only available inside VS Code: choose another provider here.",
			)
		case "gemini":
			if (key === undefined) throw missingKey("Google Gemini")
			return new GeminiProvider(settings, info, googleAiConnection(settings, key))
		case "vertex":
			return vertexProvider(settings, info, seams.googleAuthClient)
	}
}
