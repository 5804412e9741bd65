import { isRecord } from "../protocol.js"
import type { ErrorSpec } from "../protocol.js"

// google.rpc.Code names, as Google APIs put them in `error.status` for each HTTP status.
const statusNames: Record<number, string> = {
	400: "INVALID_ARGUMENT",
	401: "UNAUTHENTICATED",
	403: "PERMISSION_DENIED",
	404: "NOT_FOUND",
	409: "ABORTED",
	413: "INVALID_ARGUMENT",
	429: "RESOURCE_EXHAUSTED",
	499: "CANCELLED",
	500: "INTERNAL",
	501: "NOT_IMPLEMENTED",
	503: "UNAVAILABLE",
	504: "DEADLINE_EXCEEDED",
}

export function googleStatusName(status: number): string {
	return statusNames[status] ?? (status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION")
}

/**
 * A Google API error body. A 429 names its wait in a google.rpc.RetryInfo detail (the Gemini API
 * sends no Retry-After header), so a scripted `retryAfter` in seconds goes there too.
 */
export function geminiErrorBody(spec: ErrorSpec): unknown {
	const details: unknown[] = []
	if (spec.retryAfterSeconds !== undefined)
		details.push({
			"@type": "type.googleapis.com/google.rpc.RetryInfo",
			retryDelay: `${spec.retryAfterSeconds}s`,
		})
	return {
		error: {
			code: spec.status,
			message: spec.message,
			status: spec.type ?? googleStatusName(spec.status),
			...(details.length > 0 && { details }),
		},
	}
}

export function validateGeminiChat(body: unknown, jsonError: string | undefined): ErrorSpec | undefined {
	const invalid = (message: string): ErrorSpec => ({ status: 400, message })
	if (jsonError !== undefined) return invalid(`Invalid JSON payload received. ${jsonError}`)
	if (!isRecord(body)) return invalid("Invalid JSON payload received. Expected an object.")
	if (!Array.isArray(body.contents) || body.contents.length === 0)
		return invalid("* GenerateContentRequest.contents: contents is not specified")
	return undefined
}
