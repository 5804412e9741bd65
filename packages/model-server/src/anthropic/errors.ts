import { isRecord } from "../protocol.js"
import type { ErrorSpec } from "../protocol.js"

// The `error.type` values Anthropic documents for each status; the SDK picks its error class
// from the status alone, but agents often branch on the type (e.g. overloaded_error).
const typeByStatus: Record<number, string> = {
	400: "invalid_request_error",
	401: "authentication_error",
	402: "billing_error",
	403: "permission_error",
	404: "not_found_error",
	413: "request_too_large",
	429: "rate_limit_error",
	500: "api_error",
	504: "timeout_error",
	529: "overloaded_error",
}

export function anthropicErrorType(status: number): string {
	return typeByStatus[status] ?? (status >= 500 ? "api_error" : "invalid_request_error")
}

export function anthropicRequestId(sequence: number): string {
	return `req_cairn${String(sequence).padStart(8, "0")}`
}

export function anthropicErrorBody(spec: ErrorSpec, sequence: number): unknown {
	return {
		type: "error",
		error: { type: spec.type ?? anthropicErrorType(spec.status), message: spec.message },
		request_id: anthropicRequestId(sequence),
	}
}

export function validateAnthropicChat(body: unknown, jsonError: string | undefined): ErrorSpec | undefined {
	const invalid = (message: string): ErrorSpec => ({ status: 400, message })
	if (jsonError !== undefined)
		return invalid(`There was an issue with the request body: invalid JSON (${jsonError})`)
	if (!isRecord(body)) return invalid("The request body must be a JSON object")
	if (typeof body.model !== "string") return invalid("model: Field required")
	if (!Array.isArray(body.messages)) return invalid("messages: Field required")
	if (typeof body.max_tokens !== "number") return invalid("max_tokens: Field required")
	return undefined
}
