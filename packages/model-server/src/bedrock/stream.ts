import type { PlannedReply, PlannedUsage } from "../reply.js"
import { eventMessage, eventMessageWithPayload, exceptionMessage } from "./eventStream.js"

// Bedrock pads each event's JSON with a `p` field of varying length, so the size of an encrypted
// event says nothing about its content. Clients must ignore it; sending it keeps them honest.
const padding = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123"

function event(type: string, payload: Record<string, unknown>, n: number): Uint8Array {
	return eventMessage(type, { ...payload, p: padding.slice(0, 1 + (n % padding.length)) })
}

/** Bedrock's usage: `inputTokens` excludes the cached tokens, `totalTokens` counts everything. */
export function bedrockUsage(usage: PlannedUsage): Record<string, number> {
	const { inputTokens, outputTokens, cacheReadInputTokens, cacheCreationInputTokens } = usage
	return {
		inputTokens,
		outputTokens,
		totalTokens: inputTokens + outputTokens + cacheReadInputTokens + cacheCreationInputTokens,
		cacheReadInputTokens,
		cacheWriteInputTokens: cacheCreationInputTokens,
	}
}

/**
 * A ConverseStream answer, one event-stream message per event. Only a tool use opens with
 * contentBlockStart (its id and name); text and reasoning blocks begin with their first delta.
 */
export function bedrockStreamChunks(reply: PlannedReply): Uint8Array[] {
	const chunks: Uint8Array[] = []
	const push = (type: string, payload: Record<string, unknown>) =>
		chunks.push(event(type, payload, chunks.length))
	push("messageStart", { role: "assistant" })
	let index = 0
	if (reply.reasoning !== "") {
		for (const text of reply.reasoningChunks)
			push("contentBlockDelta", { contentBlockIndex: index, delta: { reasoningContent: { text } } })
		// The signature arrives once, whole, just before the block stops (Claude models).
		push("contentBlockDelta", {
			contentBlockIndex: index,
			delta: { reasoningContent: { signature: reply.signature } },
		})
		push("contentBlockStop", { contentBlockIndex: index++ })
	}
	if (reply.text !== "") {
		for (const text of reply.textChunks)
			push("contentBlockDelta", { contentBlockIndex: index, delta: { text } })
		push("contentBlockStop", { contentBlockIndex: index++ })
	}
	for (const call of reply.toolCalls) {
		push("contentBlockStart", {
			contentBlockIndex: index,
			start: { toolUse: { toolUseId: call.id, name: call.name } },
		})
		for (const input of call.argumentChunks)
			push("contentBlockDelta", { contentBlockIndex: index, delta: { toolUse: { input } } })
		push("contentBlockStop", { contentBlockIndex: index++ })
	}
	push("messageStop", { stopReason: reply.stopReason })
	push("metadata", { usage: bedrockUsage(reply.usage), metrics: { latencyMs: 42 } })
	return chunks
}

/** A whole frame (its checksums right) whose JSON payload is cut off. */
export function bedrockMalformedChunk(): Uint8Array {
	return eventMessageWithPayload("contentBlockDelta", '{"contentBlockIndex":0,"delta":{"text":"ab')
}

/** The exception types ConverseStream can send mid-stream are members of its output union. */
export function bedrockStreamErrorChunk(type: string | undefined, message: string | undefined): Uint8Array {
	return exceptionMessage(
		type ?? "modelStreamErrorException",
		message ?? "The model stream was interrupted (scripted by cairn-model-server)",
	)
}

/** The Converse (non-streaming) answer. */
export function bedrockConverseResponse(reply: PlannedReply): unknown {
	const content: unknown[] = []
	if (reply.reasoning !== "")
		content.push({
			reasoningContent: { reasoningText: { text: reply.reasoning, signature: reply.signature } },
		})
	if (reply.text !== "") content.push({ text: reply.text })
	for (const call of reply.toolCalls)
		content.push({ toolUse: { toolUseId: call.id, name: call.name, input: call.argumentsValue } })
	return {
		output: { message: { role: "assistant", content } },
		stopReason: reply.stopReason,
		usage: bedrockUsage(reply.usage),
		metrics: { latencyMs: 42 },
	}
}
