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
			reasoning_tokens: Math.min(completion, Math.ceil(reply.reasoning.length / 4)),
			audio_tokens: 0,
			accepted_prediction_tokens: 0,
			rejected_prediction_tokens: 0,
		},
	}
}

export const openaiFinishReason = { end_turn: "stop", tool_use: "tool_calls", max_tokens: "length" } as const
