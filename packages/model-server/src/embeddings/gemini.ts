import type { ErrorSpec } from "../protocol.js"
import { isRecord } from "../protocol.js"
import { defaultEmbeddingDimensions, embeddingVector } from "./vectors.js"

export type GeminiEmbeddingAnswer = { ok: true; body: unknown } | { ok: false; error: ErrorSpec }

const invalid = (message: string): GeminiEmbeddingAnswer => ({
	ok: false,
	error: { status: 400, message },
})

/** The model a Gemini path names (`/v1beta/models/{model}:method`), as `models/{model}`. */
function modelOfPath(path: string): string | undefined {
	const match = /\/models\/([^/:]+):[A-Za-z]+$/.exec(path)
	return match?.[1] && `models/${match[1]}`
}

/** One `EmbedContentRequest`'s vector, or why it is refused. */
function embedOne(request: unknown, model: string, where: string): { values: number[] } | string {
	if (!isRecord(request)) return `${where} must be an object.`
	// The API wants each request of a batch to name the model of the path.
	if (request.model !== undefined && request.model !== model)
		return `${where}.model is ${String(request.model)}, but the path names ${model}.`
	const { content, outputDimensionality } = request
	const parts = isRecord(content) ? content.parts : undefined
	if (!Array.isArray(parts) || parts.length === 0) return `${where}.content must have parts.`
	if (!parts.every((part) => isRecord(part) && typeof part.text === "string"))
		return `${where}.content.parts may only hold text.`
	if (
		outputDimensionality !== undefined &&
		!(Number.isInteger(outputDimensionality) && (outputDimensionality as number) > 0)
	)
		return `${where}.outputDimensionality must be a positive integer.`
	const text = parts.map((part) => (part as { text: string }).text).join("\n")
	return {
		values: embeddingVector(
			text,
			(outputDimensionality as number | undefined) ?? defaultEmbeddingDimensions,
		),
	}
}

/**
 * Answers the Gemini API's `models/{model}:embedContent` (one `content`, answered with
 * `embedding`) and `models/{model}:batchEmbedContents` (`requests`, answered with `embeddings`
 * in order), with the same deterministic vectors as the other embedding endpoints.
 */
export function answerGeminiEmbeddings(
	path: string,
	body: unknown,
	jsonError: string | undefined,
): GeminiEmbeddingAnswer {
	if (jsonError !== undefined) return invalid(`Invalid JSON payload received. ${jsonError}`)
	if (!isRecord(body)) return invalid("The request body must be a JSON object.")
	const model = modelOfPath(path)
	if (model === undefined) return invalid("The path names no model.")
	if (path.endsWith(":embedContent")) {
		const embedding = embedOne({ ...body, model }, model, "request")
		return typeof embedding === "string" ? invalid(embedding) : { ok: true, body: { embedding } }
	}
	const { requests } = body
	if (!Array.isArray(requests) || requests.length === 0)
		return invalid("* BatchEmbedContentsRequest.requests: must not be empty.")
	const embeddings: { values: number[] }[] = []
	for (const [index, request] of requests.entries()) {
		const embedding = embedOne(request, model, `requests[${index}]`)
		if (typeof embedding === "string") return invalid(embedding)
		embeddings.push(embedding)
	}
	return { ok: true, body: { embeddings } }
}
