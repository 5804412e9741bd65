import type { Problem } from "@cairn/types"

/** Why a model request failed, in terms the retry policy and the person can act on. */
export type ProviderErrorKind =
	/** 401/403: a wrong or missing key. Retrying cannot help. */
	| "auth"
	/** 429: slow down; `retryAfterMs` says how long when the provider told us. */
	| "rate_limit"
	/** 5xx or an overloaded error event. */
	| "server"
	/** The connection failed or was cut, also mid-stream. */
	| "network"
	/** 400/404/413/422: the request itself is wrong (an unknown model, a bad parameter). */
	| "bad_request"
	/**
	 * The request did not fit the model's context window (Anthropic "prompt is too long", OpenAI
	 * `context_length_exceeded`, ...). Retrying the same request cannot help; a smaller one can.
	 */
	| "context_overflow"
	/** The stream ended without a proper end or sent something unreadable. */
	| "malformed_response"
	| "aborted"

export interface ProviderErrorDetails {
	status?: number
	retryAfterMs?: number
	cause?: unknown
	/** context_overflow: the request's input tokens, when the provider said how many it counted. */
	promptTokens?: number
	/** context_overflow: the window the provider measured against, when it said. */
	contextWindow?: number
	/** The failure as a kind and parameters, for clients to word in the person's language. */
	problem?: Problem
}

export class ProviderError extends Error {
	override readonly name = "ProviderError"

	constructor(
		readonly kind: ProviderErrorKind,
		message: string,
		readonly details: ProviderErrorDetails = {},
	) {
		super(message, { cause: details.cause })
	}

	get retryable(): boolean {
		return (
			this.kind === "rate_limit" ||
			this.kind === "server" ||
			this.kind === "network" ||
			this.kind === "malformed_response"
		)
	}
}
