import { isRecord } from "../protocol.js"
import type { OverflowStyle } from "../protocol.js"
import type { PlannedReply } from "../reply.js"
import { sseEvent } from "../sse.js"
import { openaiFinishReason, openaiUsage, openRouterUsage } from "./usage.js"

export function openaiCompletionId(sequence: number): string {
	return `chatcmpl-cairn${String(sequence).padStart(8, "0")}`
}

function includeUsage(body: unknown): boolean {
	return isRecord(body) && isRecord(body.stream_options) && body.stream_options.include_usage === true
}

/** OpenRouter's usage accounting: asked for with `usage: { include: true }`, it adds the cost. */
function includeCost(body: unknown): boolean {
	return isRecord(body) && isRecord(body.usage) && body.usage.include === true
}

export function openaiStreamChunks(reply: PlannedReply, body: unknown, style: OverflowStyle): string[] {
	const openRouter = style === "openrouter"
	// OpenRouter always ends with usage; the others only when asked.
	const withUsage = includeUsage(body) || openRouter
	const created = Math.floor(Date.now() / 1000)
	const chunk = (choices: unknown[], usage?: unknown): string => {
		const data: Record<string, unknown> = {
			id: openaiCompletionId(reply.sequence),
			object: "chat.completion.chunk",
			created,
			model: reply.model,
			system_fingerprint: "fp_cairn",
			choices,
		}
		// With include_usage every chunk carries `usage: null` until the final usage-only chunk.
		if (withUsage) data.usage = usage ?? null
		return sseEvent(JSON.stringify(data))
	}
	const delta = (d: Record<string, unknown>, finishReason: string | null = null): string =>
		chunk([{ index: 0, delta: d, logprobs: null, finish_reason: finishReason }])

	const chunks = [delta({ role: "assistant", content: "", refusal: null })]
	// Not part of OpenAI's own API: DeepSeek, vLLM and other compatible servers stream
	// chain-of-thought in `reasoning_content`, OpenRouter in `reasoning`; the SDK passes both through untyped.
	for (const text of reply.reasoningChunks)
		chunks.push(delta(openRouter ? { reasoning: text } : { reasoning_content: text }))
	for (const content of reply.textChunks) chunks.push(delta({ content }))
	reply.toolCalls.forEach((call, index) => {
		// Only the first delta of a call has id, type and name; later ones carry just
		// index and an arguments fragment, and the client concatenates by index.
		chunks.push(
			delta({
				tool_calls: [
					{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } },
				],
			}),
		)
		for (const fragment of call.argumentChunks) {
			chunks.push(delta({ tool_calls: [{ index, function: { arguments: fragment } }] }))
		}
	})
	chunks.push(delta({}, openaiFinishReason[reply.stopReason]))
	if (withUsage)
		chunks.push(chunk([], openRouter && includeCost(body) ? openRouterUsage(reply) : openaiUsage(reply)))
	chunks.push(sseEvent("[DONE]"))
	return chunks
}

export function openaiMalformedChunk(reply: PlannedReply): string {
	return sseEvent(
		`{"id":"${openaiCompletionId(reply.sequence)}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"cont`,
	)
}

export function openaiStreamErrorChunk(type: string | undefined, message: string | undefined): string {
	// OpenAI reports a failure after the 200 head as a data line holding an `error` object.
	return sseEvent(
		JSON.stringify({
			error: {
				message: message ?? "The server had an error while processing your request.",
				type: type ?? "server_error",
				param: null,
				code: null,
			},
		}),
	)
}
