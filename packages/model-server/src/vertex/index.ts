import { anthropicProtocol } from "../anthropic/index.js"
import type { ErrorSpec, ProviderProtocol } from "../protocol.js"
import { isRecord } from "../protocol.js"

/**
 * Claude on Vertex AI (`…/publishers/anthropic/models/{model}:streamRawPredict`, or `:rawPredict`):
 * the Messages API with the model in the path and `anthropic_version` in the body instead of a header.
 */
function validateVertexClaudeChat(body: unknown, jsonError: string | undefined): ErrorSpec | undefined {
	const invalid = (message: string): ErrorSpec => ({ status: 400, message })
	if (jsonError !== undefined)
		return invalid(`There was an issue with the request body: invalid JSON (${jsonError})`)
	if (!isRecord(body)) return invalid("The request body must be a JSON object")
	if (body.model !== undefined) return invalid("model: Extra inputs are not permitted")
	if (typeof body.anthropic_version !== "string") return invalid("anthropic_version: Field required")
	if (!Array.isArray(body.messages)) return invalid("messages: Field required")
	if (typeof body.max_tokens !== "number") return invalid("max_tokens: Field required")
	return undefined
}

export const vertexClaudeProtocol: ProviderProtocol = {
	...anthropicProtocol,
	validateChat: validateVertexClaudeChat,
}
