/**
 * Failures, per SDK, as the tests against the model server show them:
 * - HTTP errors: Stainless `APIError` subclasses with `status` and `headers`; ollama-js a
 *   `ResponseError` with `status_code` and no headers (the Ollama provider captures them).
 * - A connection cut mid-stream: undici's `TypeError: terminated` -> network.
 * - A malformed chunk: the Stainless SDKs throw the `SyntaxError` of their JSON.parse ->
 *   malformed_response; ollama-js logs the line with console.warn and skips it, so Cairn never
 *   sees it and the rest of the answer arrives.
 * - An error event after the 200 head: a Stainless `APIError` without status (its `type` says
 *   what), or a plain Error from ollama-js (mapped by the Ollama provider) -> mostly server.
 * - An abort: the Stainless streams end quietly and ollama-js throws an AbortError; the
 *   providers check the signal, so both become aborted.
 */
import type { Problem, ProblemKind, ProviderName } from "@cairn/types"
import { hostText, type HostText } from "../i18n/hostText.js"
import { recognizeContextOverflow } from "./contextOverflow.js"
import { ProviderError } from "./providerError.js"
import type { ProviderErrorDetails } from "./providerError.js"
import { problemOf } from "./providerProblem.js"

/** Provider errors are written in English: the model and the logs read them too. */
const english = hostText("en")

type ErrorClass<T extends Error = Error> = abstract new (...args: never[]) => T

/** What the Stainless-generated SDKs (`@anthropic-ai/sdk`, `openai`) put on an API error. */
export interface SdkApiError extends Error {
	readonly status: number | undefined
	readonly headers: Headers | undefined
	readonly error: unknown
}

/**
 * The error classes both Stainless SDKs export under the same names. Providers pass their SDK's
 * classes in, so this module does not load either SDK (they are slow to import; see providers).
 */
export interface SdkErrorClasses {
	APIError: ErrorClass<SdkApiError>
	APIConnectionError: ErrorClass
	APIConnectionTimeoutError: ErrorClass
	APIUserAbortError: ErrorClass
}

export interface ErrorContext {
	provider: ProviderName
	modelId: string
	/** The base URL the request went to. */
	endpoint: string
	/** True when the person configured the endpoint (a proxy, LM Studio, vLLM...). */
	customEndpoint: boolean
	signal?: AbortSignal
	sdk?: SdkErrorClasses
	/** Response headers, for SDKs whose errors do not carry them (ollama-js). */
	headers?: Headers
	/**
	 * The body of the failed response, for SDK errors that kept none of it: the openai SDK reads only
	 * a body's `error` field, and vLLM answered with a flat `{ object: "error", message }` until 2025.
	 */
	responseBody?: string
}

const keyHint = "Set a valid key in Cairn's settings (or pass --api-key to the CLI)."
// Vertex AI takes no key: Google's credentials stand in for it.
const googleCredentialsHint =
	"Check the credentials file in Cairn's settings (or --vertex-credentials-file), or run `gcloud auth application-default login`."

function credentials(context: ErrorContext): { what: string; hint: string } {
	return context.provider === "vertex"
		? { what: "Google Cloud credentials", hint: googleCredentialsHint }
		: { what: "API key", hint: keyHint }
}

/** Who answered, as a person would name it at the start of a sentence. */
export function endpointLabel(
	context: Pick<ErrorContext, "provider" | "endpoint" | "customEndpoint">,
	text: HostText = english,
): string {
	if (context.provider === "anthropic")
		return context.customEndpoint ? `Anthropic (${context.endpoint})` : "Anthropic"
	if (context.provider === "ollama")
		return text("connection.serverAt", { name: "Ollama", endpoint: context.endpoint })
	if (context.provider === "vscode-lm") return text("connection.editorModels")
	if (context.provider === "lmstudio")
		return text("connection.serverAt", { name: "LM Studio", endpoint: context.endpoint })
	if (context.provider === "openrouter")
		return context.customEndpoint ? `OpenRouter (${context.endpoint})` : "OpenRouter"
	if (context.provider === "gemini")
		return context.customEndpoint ? `Google Gemini (${context.endpoint})` : "Google Gemini"
	if (context.provider === "vertex")
		return context.customEndpoint ? `Vertex AI (${context.endpoint})` : "Vertex AI"
	if (context.provider === "bedrock") return `AWS Bedrock (${context.endpoint})`
	return context.customEndpoint
		? text("connection.openaiCompatibleAt", { endpoint: context.endpoint })
		: "OpenAI"
}

/** An endpoint label where it begins a sentence ("the server at …" -> "The server at …"). */
export function sentenceStart(label: string): string {
	return label.charAt(0).toUpperCase() + label.slice(1)
}

/** A problem of this kind at the request's address, with what the provider or the network said. */
function problemAt(
	kind: ProblemKind,
	context: Pick<ErrorContext, "endpoint" | "modelId">,
	params: Omit<Problem["params"], "endpoint"> = {},
): { problem: Problem } {
	return { problem: { kind, params: { endpoint: context.endpoint, ...params } } }
}

/** "Could not connect to …", naming the address once even when the label already holds it. */
function couldNotConnect(label: string, context: ErrorContext, error: Error): ProviderError {
	const where = label.includes(context.endpoint) ? label : `${label} (${context.endpoint})`
	const cause = causeText(error)
	return new ProviderError("network", `Could not connect to ${where}: ${cause}.`, {
		cause: error,
		...problemAt("provider_unreachable", context, { said: cause }),
	})
}

/** Milliseconds to wait, from `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
export function parseRetryAfter(headers: Headers | undefined, now: number = Date.now()): number | undefined {
	const millis = headers?.get("retry-after-ms")?.trim()
	if (millis && /^\d+(\.\d+)?$/.test(millis)) return Math.round(Number(millis))
	const value = headers?.get("retry-after")?.trim()
	if (!value) return undefined
	if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000)
	const date = Date.parse(value)
	return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null
}

/**
 * The message in an error body's text: `message`, `error.message` or `error` as a string. Ollama
 * passes some runners' errors on as JSON inside its own `error` string, so that is unwrapped too.
 * Text that is not such JSON is the message itself.
 */
export function bodyMessage(text: string): string {
	let parsed: unknown
	try {
		parsed = JSON.parse(text)
	} catch {
		return text.trim()
	}
	if (!isRecord(parsed)) return text.trim()
	const { error, message } = parsed
	if (typeof message === "string") return message
	if (isRecord(error) && typeof error.message === "string") return error.message
	if (typeof error === "string") return bodyMessage(error)
	return text.trim()
}

/**
 * The provider's own words: Anthropic nests them in `error.error.message`, OpenAI in
 * `error.message`, LM Studio makes `error` the message itself.
 */
function apiMessage(error: SdkApiError, responseBody: string | undefined): string {
	const body = error.error
	if (typeof body === "string") return bodyMessage(body)
	if (isRecord(body)) {
		if (isRecord(body.error) && typeof body.error.message === "string") return body.error.message
		if (typeof body.message === "string") return body.message
	}
	if (body === undefined && responseBody) return bodyMessage(responseBody)
	return error.message.replace(/^\d{3}\s+/, "")
}

function apiErrorType(error: SdkApiError): string | undefined {
	const body = error.error
	if (!isRecord(body)) return undefined
	if (isRecord(body.error) && typeof body.error.type === "string") return body.error.type
	return typeof body.type === "string" ? body.type : undefined
}

function apiErrorCode(error: SdkApiError): string | undefined {
	const body = error.error
	return isRecord(body) && typeof body.code === "string" ? body.code : undefined
}

/** Statuses whose meaning is settled whatever the message says (a 429 may well mention tokens). */
const notAboutContext = new Set([401, 402, 403, 404, 408, 429])

/** A context_overflow error, worded the same for every provider. */
export function contextOverflowError(
	label: string,
	why: string,
	details: ProviderErrorDetails,
): ProviderError {
	return new ProviderError(
		"context_overflow",
		`${sentenceStart(label)} refused the request: it does not fit the model's context window (${why}).`,
		details,
	)
}

/** An HTTP error status with the provider's own message, as a ProviderError. */
export function fromStatus(
	status: number,
	message: string,
	context: ErrorContext,
	/** `retryAfterMs`: a wait the body named (Google's RetryInfo), where no header does. */
	extra: { headers?: Headers; code?: string; retryAfterMs?: number; cause: unknown },
): ProviderError {
	const label = endpointLabel(context)
	const details = { status, cause: extra.cause }
	const said = message ? `: ${message}` : ""
	const shown = (kind: ProblemKind) =>
		problemAt(kind, context, { status, ...(message && { said: message }) })
	const overflow = notAboutContext.has(status) ? undefined : recognizeContextOverflow(message, extra.code)
	if (overflow)
		return contextOverflowError(label, `${status}${said}`, {
			...details,
			...overflow,
			...shown("provider_context_overflow"),
		})
	if (status === 401) {
		const { what, hint } = credentials(context)
		return new ProviderError("auth", `The ${what} for ${label} was rejected (401${said}). ${hint}`, {
			...details,
			...shown("provider_auth"),
		})
	}
	if (status === 403) {
		const { what, hint } = credentials(context)
		const text = `${sentenceStart(label)} refused access (403${said}). The ${what} may not be allowed to use "${context.modelId}". ${hint}`
		return new ProviderError("auth", text, { ...details, ...shown("provider_auth") })
	}
	// Billing problems are 402 at Anthropic and a 429 with this code at OpenAI; waiting does not fix them.
	if (status === 402 || extra.code === "insufficient_quota") {
		const text = `${sentenceStart(label)} refused the request because of the account's billing or quota (${status}${said}). Check the account's credit, then try again.`
		return new ProviderError("auth", text, { ...details, ...shown("provider_billing") })
	}
	if (status === 429) {
		const retryAfterMs = parseRetryAfter(extra.headers) ?? extra.retryAfterMs
		const text = `${sentenceStart(label)} is rate limiting requests (429${said}).`
		return new ProviderError("rate_limit", text, {
			...details,
			...shown("provider_rate_limit"),
			...(retryAfterMs !== undefined && { retryAfterMs }),
		})
	}
	if (status === 404) {
		const hint =
			context.provider === "ollama"
				? `Run \`ollama pull ${context.modelId}\` or choose an installed model in Cairn's settings.`
				: context.customEndpoint
					? `Check the model id in Cairn's settings, and that the base URL ${context.endpoint} is right.`
					: "Check the model id in Cairn's settings."
		return new ProviderError(
			"bad_request",
			`The model id "${context.modelId}" is unknown to ${label} (404${said}). ${hint}`,
			{
				...details,
				...problemAt("provider_model_missing", context, {
					status,
					modelId: context.modelId,
					...(message && { said: message }),
				}),
			},
		)
	}
	if (status === 413) {
		const text = `The request is too large for ${label} (413${said}). The conversation may be longer than the model's context window.`
		return new ProviderError("bad_request", text, { ...details, ...shown("provider_context_overflow") })
	}
	if (status === 408)
		return new ProviderError(
			"network",
			`${sentenceStart(label)} timed out waiting for the request (408${said}).`,
			{ ...details, ...shown("provider_timeout") },
		)
	if (status === 409 || status >= 500) {
		const retryAfterMs = parseRetryAfter(extra.headers) ?? extra.retryAfterMs
		const what = status === 529 ? "is overloaded" : "had a server error"
		return new ProviderError("server", `${sentenceStart(label)} ${what} (${status}${said}).`, {
			...details,
			...shown("provider_server"),
			...(retryAfterMs !== undefined && { retryAfterMs }),
		})
	}
	return new ProviderError(
		"bad_request",
		`${sentenceStart(label)} rejected the request (${status}${said}).`,
		{ ...details, ...shown("provider_bad_request") },
	)
}

/**
 * An HTTP error answer read without an SDK (the model lists), worded as the SDKs' errors are: the
 * body's message, and what to do about the status.
 */
export function httpStatusError(
	status: number,
	bodyText: string,
	context: ErrorContext,
	headers?: Headers,
): ProviderError {
	return fromStatus(status, bodyMessage(bodyText), context, {
		...(headers && { headers }),
		cause: undefined,
	})
}

/** An error event written into a stream after the 200 head: its `type` says what went wrong. */
function fromStreamEvent(error: SdkApiError, context: ErrorContext): ProviderError {
	const label = endpointLabel(context)
	const type = apiErrorType(error)
	const message = apiMessage(error, undefined)
	const details = { cause: error }
	const overflow = recognizeContextOverflow(message, apiErrorCode(error))
	if (overflow) return contextOverflowError(label, `mid-response: ${message}`, { ...details, ...overflow })
	if (type === "rate_limit_error" || type === "requests")
		return new ProviderError(
			"rate_limit",
			`${sentenceStart(label)} is rate limiting requests: ${message}`,
			details,
		)
	if (type === "invalid_request_error")
		return new ProviderError(
			"bad_request",
			`${sentenceStart(label)} rejected the request mid-response: ${message}`,
			details,
		)
	if (type === "authentication_error" || type === "permission_error")
		return new ProviderError(
			"auth",
			`${sentenceStart(label)} rejected the API key mid-response: ${message}. ${keyHint}`,
			details,
		)
	const what = type === "overloaded_error" ? "is overloaded" : "reported an error mid-response"
	return new ProviderError("server", `${sentenceStart(label)} ${what}: ${message}`, details)
}

/**
 * After a stream's last chunk: SDKs end a stream quietly when it is aborted, so the abort is
 * reported here, and a stream that never said it was done was cut off.
 */
export function checkStreamEnded(context: ErrorContext, ended: boolean): void {
	if (context.signal?.aborted) throw new ProviderError("aborted", "The request was cancelled.")
	if (!ended)
		throw new ProviderError(
			"malformed_response",
			`${sentenceStart(endpointLabel(context))} ended the response before it was complete.`,
		)
}

function isAbortError(error: unknown, context: ErrorContext): boolean {
	if (context.signal?.aborted) return true
	if (context.sdk && error instanceof context.sdk.APIUserAbortError) return true
	return isRecord(error) && error.name === "AbortError"
}

/** undici reports a connection cut mid-body as `TypeError: terminated`, its cause saying why. */
function isCutConnection(error: unknown): boolean {
	if (!(error instanceof TypeError)) return false
	const code = isRecord(error.cause) ? error.cause.code : undefined
	return error.message === "terminated" || code === "ECONNRESET" || code === "UND_ERR_SOCKET"
}

/**
 * The first cause that says what happened. The SDKs wrap fetch's `TypeError: fetch failed` in an
 * error of their own, and fetch wraps the socket's error, so the useful words ("connect
 * ECONNREFUSED 127.0.0.1:1234") sit at the end of the chain; an AggregateError (each address of a
 * host refused) may have no message but its parts and code do.
 */
function causeText(error: Error): string {
	let said = error.message
	for (let at: unknown = error.cause, depth = 0; at instanceof Error && depth < 8; depth++) {
		const parts = at instanceof AggregateError ? at.errors.filter((e) => e instanceof Error) : []
		const code = isRecord(at) && typeof at.code === "string" ? at.code : undefined
		const own = at.message || parts.map((part: Error) => part.message).join("; ") || code
		if (own) said = own
		at = at.cause
	}
	return said
}

/**
 * Maps anything a provider's SDK throws to a ProviderError whose kind the retry policy acts on
 * and whose message tells the person what happened and what to do.
 */
export function toProviderError(error: unknown, context: ErrorContext): ProviderError {
	if (error instanceof ProviderError) return error
	const mapped = mapError(error, context)
	if (mapped.details.problem || mapped.kind === "aborted") return mapped
	// Mid-stream events, unreadable chunks: the kind says enough, the address is added.
	return new ProviderError(mapped.kind, mapped.message, {
		...mapped.details,
		problem: problemOf(mapped, context.endpoint),
	})
}

function mapError(error: unknown, context: ErrorContext): ProviderError {
	const label = endpointLabel(context)
	if (isAbortError(error, context))
		return new ProviderError("aborted", "The request was cancelled.", { cause: error })
	const sdk = context.sdk
	// Connection errors subclass APIError in both SDKs, so they are told apart first.
	if (sdk && error instanceof sdk.APIConnectionTimeoutError)
		return new ProviderError("network", `The request to ${label} timed out.`, {
			cause: error,
			...problemAt("provider_timeout", context),
		})
	if (sdk && error instanceof sdk.APIConnectionError) return couldNotConnect(label, context, error)
	if (sdk && error instanceof sdk.APIError) {
		if (error.status === undefined) return fromStreamEvent(error, context)
		const code = apiErrorCode(error)
		return fromStatus(error.status, apiMessage(error, context.responseBody), context, {
			...(error.headers && { headers: error.headers }),
			...(code !== undefined && { code }),
			cause: error,
		})
	}
	// ollama-js does not export ResponseError; it is recognised by its name and status field.
	if (isRecord(error) && error.name === "ResponseError" && typeof error.status_code === "number") {
		const message = bodyMessage(typeof error.error === "string" ? error.error : String(error.message))
		return fromStatus(error.status_code, message, context, {
			...(context.headers && { headers: context.headers }),
			cause: error,
		})
	}
	if (error instanceof SyntaxError) {
		const text = `${sentenceStart(label)} sent a response chunk that is not valid JSON (${error.message}).`
		return new ProviderError("malformed_response", text, { cause: error })
	}
	if (isCutConnection(error)) {
		const cause = causeText(error as Error)
		const text = `The connection to ${label} closed mid-response (${cause}).`
		return new ProviderError("network", text, {
			cause: error,
			...problemAt("provider_malformed", context, { said: cause }),
		})
	}
	if (error instanceof TypeError && error.message === "fetch failed")
		return couldNotConnect(label, context, error)
	// Anything else came from reading a response we did not expect (a shape the SDK or our mapping
	// could not follow), so it is reported as such, and may be retried.
	const message = error instanceof Error ? error.message : String(error)
	return new ProviderError("malformed_response", `Unexpected response from ${label}: ${message}`, {
		cause: error,
	})
}
