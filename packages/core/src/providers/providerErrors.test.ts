import * as anthropicSdk from "@anthropic-ai/sdk"
import * as openaiSdk from "openai"
import { describe, expect, it } from "vitest"
import { ProviderError } from "./providerError.js"
import { bodyMessage, endpointLabel, parseRetryAfter, toProviderError } from "./providerErrors.js"
import type { ErrorContext } from "./providerErrors.js"

const anthropic: ErrorContext = {
	provider: "anthropic",
	modelId: "claude-opus-5-5",
	endpoint: "https://api.anthropic.com",
	customEndpoint: false,
	sdk: anthropicSdk,
}
const openai: ErrorContext = {
	provider: "openai",
	modelId: "gpt-5.2",
	endpoint: "https://api.openai.com/v1",
	customEndpoint: false,
	sdk: openaiSdk,
}

function headers(values: Record<string, string>): Headers {
	return new Headers(values)
}

describe("parseRetryAfter", () => {
	it("reads retry-after-ms first, then retry-after in seconds or as an HTTP date", () => {
		expect(parseRetryAfter(headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250)
		expect(parseRetryAfter(headers({ "retry-after": "3" }))).toBe(3_000)
		expect(parseRetryAfter(headers({ "retry-after": "1.5" }))).toBe(1_500)
		expect(parseRetryAfter(headers({ "retry-after": "0" }))).toBe(0)
		const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT")
		expect(parseRetryAfter(headers({ "retry-after": "Wed, 21 Oct 2026 07:28:30 GMT" }), now)).toBe(30_000)
		expect(parseRetryAfter(headers({ "retry-after": "Wed, 21 Oct 2026 07:27:00 GMT" }), now)).toBe(0)
	})

	it("ignores missing and unreadable values", () => {
		expect(parseRetryAfter(undefined)).toBeUndefined()
		expect(parseRetryAfter(headers({}))).toBeUndefined()
		expect(parseRetryAfter(headers({ "retry-after": "soon" }))).toBeUndefined()
		expect(parseRetryAfter(headers({ "retry-after-ms": "-5" }))).toBeUndefined()
	})
})

describe("bodyMessage", () => {
	it("finds the message in the error bodies servers send", () => {
		expect(bodyMessage('{"object":"error","message":"flat","code":400}')).toBe("flat")
		expect(bodyMessage('{"error":{"message":"nested"}}')).toBe("nested")
		expect(bodyMessage('{"error":"bare"}')).toBe("bare")
		// Ollama passes a runner's JSON error on as its own error string.
		expect(bodyMessage('{"error":"{\\"error\\":{\\"code\\":400,\\"message\\":\\"inner\\"}}"}')).toBe(
			"inner",
		)
		expect(bodyMessage(" not json \n")).toBe("not json")
		expect(bodyMessage('{"status":"odd"}')).toBe('{"status":"odd"}')
	})
})

describe("toProviderError with the SDKs' own error classes", () => {
	it("maps 403, 402, 413, 422, 408 and 503 by status", () => {
		const make = (status: number) =>
			toProviderError(
				anthropicSdk.APIError.generate(
					status,
					{ error: { message: "nope" } },
					undefined,
					headers({}),
				),
				anthropic,
			)
		expect(make(403).kind).toBe("auth")
		expect(make(402).kind).toBe("auth")
		expect(make(413)).toMatchObject({
			kind: "bad_request",
			message: expect.stringContaining("context window"),
		})
		expect(make(422).kind).toBe("bad_request")
		expect(make(408).kind).toBe("network")
		expect(make(503)).toMatchObject({ kind: "server", details: { status: 503 } })
	})

	it("keeps the provider's own message in the text", () => {
		const error = openaiSdk.APIError.generate(
			400,
			{
				error: {
					message: "Unsupported value: 'temperature' does not support 0.2 with this model.",
					type: "invalid_request_error",
				},
			},
			undefined,
			headers({}),
		)
		const mapped = toProviderError(error, openai)
		expect(mapped.kind).toBe("bad_request")
		expect(mapped.message).toBe(
			"OpenAI rejected the request (400: Unsupported value: 'temperature' does not support 0.2 with this model.).",
		)
		expect(mapped.cause).toBe(error)
	})

	it("maps an overflow to context_overflow only where the status leaves the question open", () => {
		const make = (status: number, message: string, code?: string) =>
			toProviderError(
				openaiSdk.APIError.generate(status, { error: { message, code } }, undefined, headers({})),
				openai,
			)
		expect(make(400, "Request failed.", "context_length_exceeded").kind).toBe("context_overflow")
		expect(make(413, "prompt is too long: 300000 tokens > 200000 maximum")).toMatchObject({
			kind: "context_overflow",
			details: { status: 413, promptTokens: 300_000, contextWindow: 200_000 },
		})
		// A rate limit on tokens per minute is a rate limit, however it is worded.
		expect(make(429, "Request too large: too many tokens per min (TPM)").kind).toBe("rate_limit")
		expect(make(401, "context window key invalid").kind).toBe("auth")
	})

	it("maps connection failures and timeouts to network", () => {
		const timeout = toProviderError(new openaiSdk.APIConnectionTimeoutError(), openai)
		expect(timeout).toMatchObject({ kind: "network", message: "The request to OpenAI timed out." })
		const refused = new anthropicSdk.APIConnectionError({
			cause: new Error("connect ECONNREFUSED 127.0.0.1:1"),
		})
		expect(toProviderError(refused, anthropic)).toMatchObject({
			kind: "network",
			message:
				"Could not connect to Anthropic (https://api.anthropic.com): connect ECONNREFUSED 127.0.0.1:1.",
		})
	})

	it("words a custom server's errors as sentences that name its address once", () => {
		const local = { ...openai, endpoint: "http://127.0.0.1:1234/v1", customEndpoint: true }
		const refused = new openaiSdk.APIConnectionError({
			cause: new Error("connect ECONNREFUSED 127.0.0.1:1234"),
		})
		expect(toProviderError(refused, local).message).toBe(
			"Could not connect to the OpenAI-compatible server at http://127.0.0.1:1234/v1: connect ECONNREFUSED 127.0.0.1:1234.",
		)
		const limited = new openaiSdk.RateLimitError(429, undefined, "slow down", new Headers())
		expect(toProviderError(limited, local).message).toMatch(
			/^The OpenAI-compatible server at http:\/\/127\.0\.0\.1:1234\/v1 is rate limiting requests/,
		)
	})

	it("maps the SDKs' user-abort errors and DOM AbortErrors to aborted", () => {
		expect(toProviderError(new anthropicSdk.APIUserAbortError(), anthropic).kind).toBe("aborted")
		expect(toProviderError(new openaiSdk.APIUserAbortError(), openai).kind).toBe("aborted")
		expect(
			toProviderError(new DOMException("This operation was aborted", "AbortError"), openai).kind,
		).toBe("aborted")
	})

	it("passes ProviderErrors through and reports anything unexpected as a malformed response", () => {
		const original = new ProviderError("server", "x")
		expect(toProviderError(original, openai)).toBe(original)
		expect(toProviderError(new TypeError("Cannot read properties of undefined"), openai).kind).toBe(
			"malformed_response",
		)
	})

	it("names custom endpoints so the person knows which server answered", () => {
		expect(endpointLabel({ ...openai, endpoint: "http://localhost:1234/v1", customEndpoint: true })).toBe(
			"the OpenAI-compatible server at http://localhost:1234/v1",
		)
		expect(
			endpointLabel({ provider: "ollama", endpoint: "http://127.0.0.1:11434", customEndpoint: false }),
		).toBe("Ollama at http://127.0.0.1:11434")
	})
})
