import type { ProviderName } from "@cairn/types"

export const providerLabels: Readonly<Record<ProviderName, string>> = {
	anthropic: "Anthropic",
	openai: "OpenAI or OpenAI-compatible",
	ollama: "Ollama",
}

/** Hints only: the model id is whatever the provider calls it, so nothing here is enforced. */
export const modelPlaceholders: Readonly<Record<ProviderName, string>> = {
	anthropic: "e.g. claude-sonnet-4-5",
	openai: "e.g. gpt-4.1",
	ollama: "e.g. qwen2.5-coder:7b",
}

/**
 * What the base URL is to each provider: OpenAI-compatible servers (LM Studio, vLLM, a gateway)
 * are reached only through it; the others have an endpoint of their own.
 */
export const baseUrlLabels: Readonly<Record<ProviderName, { label: string; description: string }>> = {
	anthropic: {
		label: "Base URL (optional)",
		description: "Leave empty for Anthropic's own endpoint; set it for a proxy.",
	},
	openai: {
		label: "Base URL (required for OpenAI-compatible servers)",
		description:
			"The server's URL, e.g. http://localhost:1234/v1 for LM Studio or vLLM; leave empty for OpenAI itself.",
	},
	ollama: {
		label: "Base URL (optional)",
		description: "Leave empty for Ollama on this machine (http://127.0.0.1:11434).",
	},
}

/** The protocol accepts http(s) URLs only. */
export function baseUrlProblem(value: string): string | undefined {
	if (value === "") return undefined
	try {
		const url = new URL(value)
		return url.protocol === "http:" || url.protocol === "https:" ? undefined : "Use an http(s) URL."
	} catch {
		return "This is not a URL."
	}
}
