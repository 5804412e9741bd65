/**
 * Failures of `@google/genai`, as the tests against the model server show them: an HTTP error, or an
 * error object written into the stream, is an `ApiError` with `status` and, as its message, the
 * body's JSON (`{"error":{"code","message","status","details"}}`, mid-stream prefixed with
 * "got status: …"). The response headers are not kept; the provider's fetch keeps them. Everything
 * else (fetch failures, a cut stream, unparseable chunks) is left to toProviderError.
 */
import { fromStatus, type ErrorContext } from "../providerErrors.js"
import type { ProviderError } from "../providerError.js"

interface GoogleErrorBody {
	message?: string
	status?: string
	details?: unknown[]
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null
}

/** The `error` object of the JSON in an ApiError's message, when there is one. */
export function googleErrorBody(message: string): GoogleErrorBody | undefined {
	const start = message.indexOf("{")
	if (start === -1) return undefined
	try {
		const parsed: unknown = JSON.parse(message.slice(start))
		return isRecord(parsed) && isRecord(parsed.error) ? (parsed.error as GoogleErrorBody) : undefined
	} catch {
		return undefined
	}
}

function detailsOfType(body: GoogleErrorBody, type: string): Record<string, unknown>[] {
	return (body.details ?? []).filter(
		(detail): detail is Record<string, unknown> => isRecord(detail) && detail["@type"] === type,
	)
}

/** google.rpc.RetryInfo's `retryDelay` ("3s", "0.5s"), in milliseconds. */
export function retryDelayMs(body: GoogleErrorBody): number | undefined {
	const [info] = detailsOfType(body, "type.googleapis.com/google.rpc.RetryInfo")
	const delay = info?.retryDelay
	if (typeof delay !== "string") return undefined
	const match = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim())
	return match ? Math.round(Number(match[1]) * 1000) : undefined
}

/** A wrong Gemini API key is a 400 INVALID_ARGUMENT whose ErrorInfo says API_KEY_INVALID. */
function isInvalidKey(body: GoogleErrorBody): boolean {
	return detailsOfType(body, "type.googleapis.com/google.rpc.ErrorInfo").some(
		(info) => info.reason === "API_KEY_INVALID",
	)
}

interface ApiErrorLike {
	name: string
	status: number
	message: string
}

export function isGoogleApiError(error: unknown): error is ApiErrorLike {
	return (
		error instanceof Error &&
		error.name === "ApiError" &&
		typeof (error as ApiErrorLike).status === "number"
	)
}

/** An `@google/genai` ApiError as a ProviderError; `headers` are the failed response's, when kept. */
export function fromGoogleApiError(
	error: ApiErrorLike,
	context: ErrorContext,
	headers: Headers | undefined,
): ProviderError {
	const body = googleErrorBody(error.message)
	const message = body?.message ?? error.message
	const status = body && isInvalidKey(body) ? 401 : error.status
	const retryAfterMs = body && retryDelayMs(body)
	return fromStatus(status, message, context, {
		...(headers && { headers }),
		...(body?.status !== undefined && { code: body.status }),
		...(retryAfterMs !== undefined && { retryAfterMs }),
		cause: error,
	})
}
