import type { ProviderName, ProviderSettings } from "./provider.js"

/**
 * What each provider asks of the person, in one place: the settings view, the welcome form, the
 * CLI's flags and the check "can this provider be used" all read it, so a provider's fields are
 * labelled alike everywhere.
 */
export interface ProviderKind {
	label: string
	/** A hint only: the model id is whatever the provider calls it. */
	modelPlaceholder: string
	/**
	 * The base URL: `required` (only reachable through it), `optional` (a proxy or another
	 * address), `hidden` (the SDK finds its endpoint itself).
	 */
	baseUrl: "required" | "optional" | "hidden"
	/** Where the provider is when no base URL is given. */
	defaultBaseUrl?: string
	/** Overrides "Base URL" / "Base URL (optional)" where neither says it right. */
	baseUrlLabel?: string
	baseUrlDescription: string
	/** What the secret is called to this provider; undefined when it takes none. */
	keyLabel?: string
	/** Whether the provider can list its models (the model picker, "Test connection"). */
	listsModels: boolean
	/** Runs only inside the editor (the CLI hides it). */
	extensionOnly?: true
}

export const providerKinds: Readonly<Record<ProviderName, ProviderKind>> = {
	anthropic: {
		label: "Anthropic",
		modelPlaceholder: "e.g. claude-sonnet-4-5",
		baseUrl: "optional",
		baseUrlDescription: "Leave empty for Anthropic's own endpoint; set it for a proxy.",
		keyLabel: "API key",
		listsModels: true,
	},
	openai: {
		label: "OpenAI or OpenAI-compatible",
		modelPlaceholder: "e.g. gpt-4.1",
		baseUrl: "optional",
		baseUrlLabel: "Base URL (required for OpenAI-compatible servers)",
		baseUrlDescription:
			"Required for an OpenAI-compatible server (e.g. http://localhost:8000/v1 for vLLM); leave empty for OpenAI itself.",
		keyLabel: "API key",
		listsModels: true,
	},
	ollama: {
		label: "Ollama",
		modelPlaceholder: "e.g. qwen2.5-coder:7b",
		baseUrl: "optional",
		defaultBaseUrl: "http://127.0.0.1:11434",
		baseUrlDescription: "Leave empty for Ollama on this machine (http://127.0.0.1:11434).",
		keyLabel: "API key (optional)",
		listsModels: true,
	},
	gemini: {
		label: "Google Gemini",
		modelPlaceholder: "e.g. gemini-2.5-pro",
		baseUrl: "optional",
		baseUrlDescription: "Leave empty for Google's own endpoint; set it for a proxy.",
		keyLabel: "API key",
		listsModels: true,
	},
	bedrock: {
		label: "AWS Bedrock",
		modelPlaceholder: "e.g. anthropic.claude-sonnet-4-5-20250929-v1:0",
		baseUrl: "optional",
		baseUrlDescription: "Leave empty for the region's Bedrock endpoint; set it for a VPC endpoint.",
		keyLabel: "Bedrock API key or secret access key",
		listsModels: false,
	},
	vertex: {
		label: "Google Vertex AI",
		modelPlaceholder: "e.g. claude-sonnet-4-5@20250929 or gemini-2.5-pro",
		baseUrl: "optional",
		baseUrlDescription: "Leave empty for the region's Vertex endpoint; set it for a proxy.",
		listsModels: false,
	},
	openrouter: {
		label: "OpenRouter",
		modelPlaceholder: "e.g. anthropic/claude-sonnet-4.5",
		baseUrl: "optional",
		defaultBaseUrl: "https://openrouter.ai/api/v1",
		baseUrlDescription: "Leave empty for https://openrouter.ai/api/v1.",
		keyLabel: "API key",
		listsModels: true,
	},
	lmstudio: {
		label: "LM Studio",
		modelPlaceholder: "e.g. qwen2.5-coder-7b-instruct",
		baseUrl: "optional",
		defaultBaseUrl: "http://127.0.0.1:1234/v1",
		baseUrlDescription: "Leave empty for LM Studio on this machine (http://127.0.0.1:1234/v1).",
		listsModels: true,
	},
	"vscode-lm": {
		label: "VS Code Language Model API",
		modelPlaceholder: "e.g. gpt-4.1 (a chat model another extension provides)",
		baseUrl: "hidden",
		baseUrlDescription: "",
		listsModels: true,
		extensionOnly: true,
	},
}

/** How the base URL field is labelled for this provider. */
export function baseUrlLabel(provider: ProviderName): string {
	const kind = providerKinds[provider]
	return kind.baseUrlLabel ?? (kind.baseUrl === "required" ? "Base URL" : "Base URL (optional)")
}

/**
 * Whether these settings need a secret before a request can go out: the provider takes one, and
 * nothing else stands in for it (an OpenAI-compatible server given by its base URL, an AWS
 * profile or credential chain, Google's own credentials).
 */
export function needsApiKey(settings: ProviderSettings): boolean {
	switch (settings.provider) {
		case "openai":
			return settings.baseUrl === undefined
		case "bedrock":
			return settings.bedrock?.auth === "apiKey" || settings.bedrock?.auth === "accessKeys"
		case "ollama":
		case "vertex":
		case "lmstudio":
		case "vscode-lm":
			return false
		case "anthropic":
		case "gemini":
		case "openrouter":
			return true
	}
}
