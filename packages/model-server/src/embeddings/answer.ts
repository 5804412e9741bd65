import type { ErrorSpec } from "../protocol.js"
import { isRecord } from "../protocol.js"
import type { Provider } from "../scenario.js"
import { base64Floats, defaultEmbeddingDimensions, embeddingTokens, embeddingVector } from "./vectors.js"

export type EmbeddingAnswer = { ok: true; body: unknown } | { ok: false; error: ErrorSpec }

const invalid = (message: string): EmbeddingAnswer => ({
	ok: false,
	error: { status: 400, message, type: "invalid_request_error" },
})

/**
 * Answers OpenAI's `POST /v1/embeddings` or Ollama's `POST /api/embed` in its own shape, with
 * the deterministic vectors of vectors.ts. `input` is a string or a list of them in both.
 */
export function answerEmbeddings(
	provider: Provider,
	body: unknown,
	jsonError: string | undefined,
): EmbeddingAnswer {
	if (jsonError !== undefined) return invalid(`The request body is not valid JSON: ${jsonError}`)
	if (!isRecord(body)) return invalid("The request body must be a JSON object.")
	const { model, input, dimensions } = body
	if (typeof model !== "string" || model === "") return invalid("`model` is required.")
	const texts = typeof input === "string" ? [input] : input
	if (!Array.isArray(texts) || texts.length === 0 || !texts.every((text) => typeof text === "string"))
		return invalid("`input` must be a string or a non-empty list of strings.")
	if (dimensions !== undefined && !(Number.isInteger(dimensions) && (dimensions as number) > 0))
		return invalid("`dimensions` must be a positive integer.")
	const length = (dimensions as number | undefined) ?? defaultEmbeddingDimensions
	const vectors = texts.map((text) => embeddingVector(text, length))
	const tokens = texts.reduce((sum, text) => sum + embeddingTokens(text).length, 0)
	if (provider === "ollama") {
		return {
			ok: true,
			body: {
				model,
				embeddings: vectors,
				total_duration: 0,
				load_duration: 0,
				prompt_eval_count: tokens,
			},
		}
	}
	const base64 = body.encoding_format === "base64"
	return {
		ok: true,
		body: {
			object: "list",
			data: vectors.map((vector, index) => ({
				object: "embedding",
				index,
				embedding: base64 ? base64Floats(vector) : vector,
			})),
			model,
			usage: { prompt_tokens: tokens, total_tokens: tokens },
		},
	}
}
