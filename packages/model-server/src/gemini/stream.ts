import { totalPromptTokens, type PlannedReply } from "../reply.js"

// Gemini ends each SSE event with CRLF CRLF.
function event(data: unknown): string {
	return `data: ${JSON.stringify(data)}\r\n\r\n`
}

const finishReasons = { end_turn: "STOP", tool_use: "STOP", max_tokens: "MAX_TOKENS" } as const

export function geminiResponseId(sequence: number): string {
	return `cairn-response-${String(sequence).padStart(8, "0")}`
}

/**
 * The model's parts in the order Gemini sends them: thoughts (summaries), text, then each function
 * call whole. With thinking on, the thought signature rides on the first function call, or on the
 * last text part when there is none.
 */
function parts(reply: PlannedReply): Record<string, unknown>[][] {
	const chunks: Record<string, unknown>[][] = [
		...reply.reasoningChunks.filter((text) => text !== "").map((text) => [{ text, thought: true }]),
		...reply.textChunks.filter((text) => text !== "").map((text) => [{ text }]),
	]
	const calls = reply.toolCalls.map((call): Record<string, unknown> => ({
		functionCall: {
			...(call.id !== "" && { id: call.id }),
			name: call.name,
			args: call.argumentsValue,
		},
	}))
	if (calls.length > 0) chunks.push(calls)
	if (reply.reasoning !== "") {
		const signed = calls[0] ?? chunks.at(-1)?.at(-1)
		if (signed) signed.thoughtSignature = reply.signature
	}
	return chunks
}

export function geminiUsageMetadata(reply: PlannedReply, final: boolean): Record<string, unknown> {
	const prompt = totalPromptTokens(reply.usage)
	const cached = reply.usage.cacheReadInputTokens
	if (!final) return { promptTokenCount: prompt, totalTokenCount: prompt }
	// Gemini counts the thoughts apart from the answer's candidates.
	const thoughts = reply.usage.reasoningTokens
	return {
		promptTokenCount: prompt,
		candidatesTokenCount: reply.usage.outputTokens - thoughts,
		totalTokenCount: prompt + reply.usage.outputTokens,
		...(cached > 0 && { cachedContentTokenCount: cached }),
		...(thoughts > 0 && { thoughtsTokenCount: thoughts }),
	}
}

export function geminiStreamChunks(reply: PlannedReply): string[] {
	const common = { modelVersion: reply.model, responseId: geminiResponseId(reply.sequence) }
	const all = parts(reply)
	const chunks = all.map((chunkParts, i) => {
		const last = i === all.length - 1
		return event({
			candidates: [
				{
					content: { role: "model", parts: chunkParts },
					index: 0,
					...(last && { finishReason: finishReasons[reply.stopReason] }),
				},
			],
			usageMetadata: geminiUsageMetadata(reply, last),
			...common,
		})
	})
	// An empty answer still ends with a finish reason.
	if (all.length === 0)
		chunks.push(
			event({
				candidates: [
					{ content: { role: "model", parts: [{ text: "" }] }, index: 0, finishReason: "STOP" },
				],
				usageMetadata: geminiUsageMetadata(reply, true),
				...common,
			}),
		)
	return chunks
}

export function geminiCompletion(reply: PlannedReply): unknown {
	return {
		candidates: [
			{
				content: { role: "model", parts: parts(reply).flat() },
				index: 0,
				finishReason: finishReasons[reply.stopReason],
			},
		],
		usageMetadata: geminiUsageMetadata(reply, true),
		modelVersion: reply.model,
		responseId: geminiResponseId(reply.sequence),
	}
}

export function geminiMalformedChunk(): string {
	return 'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"he\r\n\r\n'
}

/** An error object written into the stream, as Google's servers do when a stream fails after its head. */
export function geminiStreamErrorChunk(type: string | undefined, message: string | undefined): string {
	const overloaded = type === undefined || type === "overloaded_error" || type === "UNAVAILABLE"
	const code = overloaded ? 503 : type === "RESOURCE_EXHAUSTED" ? 429 : 500
	const status = overloaded ? "UNAVAILABLE" : (type ?? "INTERNAL")
	return event({
		error: { code, message: message ?? "The model is overloaded. Please try again later.", status },
	})
}
