import type { PlannedReply } from "../reply.js"
import { sseEvent } from "../sse.js"

// Every Anthropic SSE event names its type twice: in the `event:` line and in `data.type`.
// The SDK dispatches on `data.type`, but skips `ping` and throws on `error` by the event name.
function event(type: string, data: Record<string, unknown>): string {
	return sseEvent(JSON.stringify({ type, ...data }), type)
}

export function anthropicMessageId(sequence: number): string {
	return `msg_cairn${String(sequence).padStart(8, "0")}`
}

export function anthropicStreamChunks(reply: PlannedReply): string[] {
	const { usage } = reply
	const chunks = [
		event("message_start", {
			message: {
				id: anthropicMessageId(reply.sequence),
				type: "message",
				role: "assistant",
				model: reply.model,
				content: [],
				stop_reason: null,
				stop_sequence: null,
				// output_tokens here is a placeholder; the real count comes in message_delta.
				usage: {
					input_tokens: usage.inputTokens,
					cache_creation_input_tokens: usage.cacheCreationInputTokens,
					cache_read_input_tokens: usage.cacheReadInputTokens,
					output_tokens: 1,
				},
			},
		}),
		event("ping", {}),
	]
	let index = 0
	const block = (contentBlock: Record<string, unknown>, deltas: Record<string, unknown>[]): void => {
		chunks.push(event("content_block_start", { index, content_block: contentBlock }))
		for (const delta of deltas) chunks.push(event("content_block_delta", { index, delta }))
		chunks.push(event("content_block_stop", { index }))
		index++
	}
	if (reply.reasoning !== "") {
		block({ type: "thinking", thinking: "", signature: "" }, [
			...reply.reasoningChunks.map((thinking) => ({ type: "thinking_delta", thinking })),
			// The signature arrives once, whole, just before the block stops.
			{ type: "signature_delta", signature: reply.signature },
		])
	}
	if (reply.text !== "") {
		block(
			{ type: "text", text: "" },
			reply.textChunks.map((text) => ({ type: "text_delta", text })),
		)
	}
	for (const call of reply.toolCalls) {
		// The block starts with an empty input object; the SDK rebuilds `input` from the fragments.
		block(
			{ type: "tool_use", id: call.id, name: call.name, input: {} },
			call.argumentChunks.map((partial_json) => ({ type: "input_json_delta", partial_json })),
		)
	}
	chunks.push(
		event("message_delta", {
			delta: { stop_reason: reply.stopReason, stop_sequence: null },
			usage: { output_tokens: usage.outputTokens },
		}),
		event("message_stop", {}),
	)
	return chunks
}

export function anthropicMalformedChunk(): string {
	return 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_de\n\n'
}

export function anthropicStreamErrorChunk(type: string | undefined, message: string | undefined): string {
	return event("error", { error: { type: type ?? "overloaded_error", message: message ?? "Overloaded" } })
}
