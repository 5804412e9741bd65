import type { PlannedReply } from "../reply.js"
import { openaiCompletionId } from "./stream.js"
import { openaiFinishReason, openaiUsage } from "./usage.js"

export function openaiCompletion(reply: PlannedReply): unknown {
	const message: Record<string, unknown> = {
		role: "assistant",
		content: reply.text === "" && reply.toolCalls.length > 0 ? null : reply.text,
		refusal: null,
	}
	if (reply.reasoning !== "") message.reasoning_content = reply.reasoning
	if (reply.toolCalls.length > 0) {
		message.tool_calls = reply.toolCalls.map((call) => ({
			id: call.id,
			type: "function",
			function: { name: call.name, arguments: call.argumentsText },
		}))
	}
	return {
		id: openaiCompletionId(reply.sequence),
		object: "chat.completion",
		created: Math.floor(Date.now() / 1000),
		model: reply.model,
		system_fingerprint: "fp_cairn",
		choices: [{ index: 0, message, logprobs: null, finish_reason: openaiFinishReason[reply.stopReason] }],
		usage: openaiUsage(reply),
	}
}
