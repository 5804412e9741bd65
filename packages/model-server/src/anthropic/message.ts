import type { ModelListing } from "../protocol.js"
import type { PlannedReply } from "../reply.js"
import { anthropicMessageId } from "./stream.js"

export function anthropicMessage(reply: PlannedReply): unknown {
	const content: unknown[] = []
	if (reply.reasoning !== "")
		content.push({ type: "thinking", thinking: reply.reasoning, signature: reply.signature })
	if (reply.text !== "") content.push({ type: "text", text: reply.text })
	for (const call of reply.toolCalls) {
		content.push({ type: "tool_use", id: call.id, name: call.name, input: call.argumentsValue })
	}
	return {
		id: anthropicMessageId(reply.sequence),
		type: "message",
		role: "assistant",
		model: reply.model,
		content,
		stop_reason: reply.stopReason,
		stop_sequence: null,
		usage: {
			input_tokens: reply.usage.inputTokens,
			cache_creation_input_tokens: reply.usage.cacheCreationInputTokens,
			cache_read_input_tokens: reply.usage.cacheReadInputTokens,
			output_tokens: reply.usage.outputTokens,
		},
	}
}

/** Anthropic's Models API says how much input and output each model takes. */
export function anthropicModelList(models: readonly string[], listing: ModelListing): unknown {
	const data = models.map((id) => ({
		type: "model",
		id,
		display_name: id,
		created_at: "2025-01-01T00:00:00Z",
		capabilities: null,
		deprecated_at: null,
		lifecycle: "active",
		line: null,
		max_input_tokens: listing.contextWindow ?? 200_000,
		max_tokens: listing.maxOutputTokens ?? 64_000,
		retires_at: null,
	}))
	return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null }
}
