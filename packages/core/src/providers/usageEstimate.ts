import { TokenCounter, type RequestShape } from "../context/tokenCounter.js"
import type { ApiStreamChunk, ApiUsageChunk } from "./modelProvider.js"

/** Characters a streamed chunk adds to the answer; a whole tool call was already counted by its partials. */
function answerChars(chunk: ApiStreamChunk): number {
	switch (chunk.type) {
		case "text":
		case "reasoning":
			return chunk.text.length
		case "tool_call_partial":
			return (chunk.name?.length ?? 0) + chunk.argumentsDelta.length
		default:
			return 0
	}
}

/** Usage that counts nothing: no tokens and no cost (what a request that never reached the model shows). */
export const countsNothing = (usage: Omit<ApiUsageChunk, "type">): boolean =>
	usage.inputTokens + usage.outputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0) ===
		0 && usage.costUsd === undefined

/** Output tokens an estimate waits for before it is shown again: an update every few words, not every chunk. */
const step = (shown: number): number => Math.max(8, Math.ceil(shown / 10))

/**
 * `stream` with usage while the answer streams, for providers that count only at the end (OpenAI
 * and compatible servers, Ollama) or count the output only at the end (Anthropic). Once the
 * provider has answered, estimated usage chunks (marked `estimated`) follow the streamed answer:
 * the input counted locally, or as the provider reported it, and the output by what streamed.
 * The provider's own figures pass through as they come (with the output estimated while they lag
 * behind what streamed) and are the stream's last usage whenever it sent any; a stream that ends
 * without any (or with counts of nothing) keeps the estimate, still marked. An estimate comes
 * before the part of the answer it counts, so whoever reads the stream never holds an answer
 * without usage, however it stops reading; nothing is estimated before the provider's first chunk,
 * so a request that was refused shows no usage at all.
 */
export async function* withUsageEstimate(
	stream: AsyncIterable<ApiStreamChunk>,
	request: RequestShape,
): AsyncGenerator<ApiStreamChunk> {
	let reported: ApiUsageChunk | undefined
	let answered = false
	let outputChars = 0
	let shown: number | undefined
	let estimateIsLast = false
	let inputTokens: number | undefined
	const estimate = (): ApiUsageChunk => {
		const outputTokens = Math.ceil(outputChars / 4)
		if (reported !== undefined)
			return {
				...reported,
				outputTokens: Math.max(reported.outputTokens, outputTokens),
				estimated: true,
			}
		inputTokens ??= TokenCounter.approximate().request(request)
		return { type: "usage", inputTokens, outputTokens, estimated: true }
	}
	for await (const chunk of stream) {
		// A server that says it counted nothing did not count: any estimate stands.
		if (chunk.type === "usage" && countsNothing(chunk)) continue
		answered = true
		if (chunk.type === "usage") {
			reported = chunk
			// Running counts that lag behind what streamed (Gemini counts the output at the end) would
			// make the figure jump back: they are shown with the streamed output's estimate instead.
			const behind = chunk.outputTokens < Math.ceil(outputChars / 4)
			const shownChunk = behind ? estimate() : chunk
			shown = shownChunk.outputTokens
			estimateIsLast = behind
			yield shownChunk
			continue
		}
		outputChars += answerChars(chunk)
		const output = Math.ceil(outputChars / 4)
		if (shown === undefined || output >= shown + step(shown)) {
			shown = output
			estimateIsLast = true
			yield estimate()
		}
		yield chunk
	}
	if (reported === undefined) {
		// The last estimate may have waited for a step: the stream's last usage counts all it streamed.
		if (answered && shown !== Math.ceil(outputChars / 4)) yield estimate()
	} else if (estimateIsLast) yield reported
}
