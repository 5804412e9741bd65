import { isRecord } from "../protocol.js"
import type { ErrorSpec } from "../protocol.js"

// OpenAI's `error.type` is coarse: "requests" for rate limits, "server_error" for 5xx,
// "invalid_request_error" for almost every 4xx. The `code` carries the detail.
function defaults(status: number): { type: string; code: string | null } {
	if (status === 401) return { type: "invalid_request_error", code: "invalid_api_key" }
	if (status === 429) return { type: "requests", code: "rate_limit_exceeded" }
	if (status >= 500) return { type: "server_error", code: null }
	return { type: "invalid_request_error", code: null }
}

export function openaiRequestId(sequence: number): string {
	return `req_cairn${String(sequence).padStart(8, "0")}`
}

export function openaiErrorBody(spec: ErrorSpec): unknown {
	const fallback = defaults(spec.status)
	return {
		error: {
			message: spec.message,
			type: spec.type ?? fallback.type,
			param: spec.param ?? null,
			code: spec.code === undefined ? fallback.code : spec.code,
		},
	}
}

export function validateOpenaiChat(body: unknown, jsonError: string | undefined): ErrorSpec | undefined {
	if (jsonError !== undefined) {
		return {
			status: 400,
			message: `We could not parse the JSON body of your request. (${jsonError})`,
		}
	}
	if (!isRecord(body)) return { status: 400, message: "The request body must be a JSON object." }
	if (typeof body.model !== "string") return { status: 400, message: "you must provide a model parameter" }
	if (!Array.isArray(body.messages)) {
		return {
			status: 400,
			message: "Missing required parameter: 'messages'.",
			param: "messages",
			code: "missing_required_parameter",
		}
	}
	return undefined
}
