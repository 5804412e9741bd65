import type { ModelInfo } from "@cairn/types"

/**
 * Tokens kept free in the window for the model's answer. It is also the most a provider lets
 * the model write (Anthropic's `max_tokens`), so a request that fits the rest of the window is
 * never refused for input + output passing it. A fifth of the window at most: a model whose
 * output cap is near its window (or above it, when the person set a small window) still leaves
 * room for the conversation.
 */
export function outputReserve(info: Pick<ModelInfo, "contextWindow" | "maxOutputTokens">): number {
	return Math.max(1, Math.min(info.maxOutputTokens, Math.floor(info.contextWindow * 0.2)))
}
