import { isRecord } from "../protocol.js"
import type { ErrorSpec } from "../protocol.js"

// Ollama's errors are a bare `{"error": "..."}`; there is no type or code to carry.
export function ollamaErrorBody(spec: ErrorSpec): unknown {
	return { error: spec.message }
}

export function validateOllamaChat(body: unknown, jsonError: string | undefined): ErrorSpec | undefined {
	if (jsonError !== undefined) return { status: 400, message: `invalid JSON in request body: ${jsonError}` }
	if (!isRecord(body)) return { status: 400, message: "the request body must be a JSON object" }
	if (typeof body.model !== "string" || body.model === "")
		return { status: 400, message: "model is required" }
	// A real Ollama treats a chat without messages as "load the model"; a scripted server has
	// no model to load, so it is refused like any other malformed request.
	if (!Array.isArray(body.messages)) return { status: 400, message: "messages is required" }
	return undefined
}
