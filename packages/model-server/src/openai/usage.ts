import type { PlannedReply } from "../reply.js"
import { totalPromptTokens } from "../reply.js"

export function openaiUsage(reply: PlannedReply): Record<string, unknown> {
	const prompt = totalPromptTokens(reply.usage)
	const completion = reply.usage.outputTokens
	return {
		prompt_tokens: prompt,
		completion_tokens: completion,
		total_tokens: prompt + completion,
		prompt_tokens_details: { cached_tokens: reply.usage.cacheReadInputTokens, audio_tokens: 0 },
		completion_tokens_details: {
			reasoning_tokens: reply.usage.reasoningTokens,
			audio_tokens: 0,
			accepted_prediction_tokens: 0,
			rejected_prediction_tokens: 0,
		},
	}
}

/** What the scripted OpenRouter model costs, in dollars per token, as its listing's `pricing` says. */
export const openRouterPrices = { prompt: "0.000003", completion: "0.000015", input_cache_read: "0.0000003" }

/**
 * Usage with OpenRouter's accounting: `cost` in dollars (priced as listed, cached tokens at the
 * cache-read price) and `is_byok`.
 */
export function openRouterUsage(reply: PlannedReply): Record<string, unknown> {
	const cached = reply.usage.cacheReadInputTokens
	const uncached = totalPromptTokens(reply.usage) - cached
	const cost =
		uncached * Number(openRouterPrices.prompt) +
		cached * Number(openRouterPrices.input_cache_read) +
		reply.usage.outputTokens * Number(openRouterPrices.completion)
	return { ...openaiUsage(reply), cost: Number(cost.toFixed(12)), is_byok: false }
}

export const openaiFinishReason = { end_turn: "stop", tool_use: "tool_calls", max_tokens: "length" } as const
