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
