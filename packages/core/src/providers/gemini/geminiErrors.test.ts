import { describe, expect, it } from "vitest"
import { buildProvider } from "../buildProvider.js"
import { drain, geminiAt, textOf, useModelServers } from "../test-support/providerTesting.js"

const start = useModelServers()

describe("GeminiProvider errors", () => {
	it("maps 429 to rate_limit, waiting as long as Google's RetryInfo says, without a retry of its own", async () => {
		const server = await start({
			scenario: [
				{
					error: {
						status: 429,
						body: {
							error: {
								code: 429,
								message: "You exceeded your current quota.",
								status: "RESOURCE_EXHAUSTED",
								details: [
									{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "3s" },
								],
							},
						},
					},
				},
			],
		})
		const { error } = await drain(geminiAt(server))
		expect(error?.kind).toBe("rate_limit")
		expect(error?.details.retryAfterMs).toBe(3_000)
		expect(error?.message).toContain("You exceeded your current quota.")
		expect(server.requests).toHaveLength(1)
	})

	it("prefers a retry-after header when a proxy sends one", async () => {
		const server = await start({
			scenario: [{ error: { status: 429, headers: { "retry-after": "7" } } }],
		})
		expect((await drain(geminiAt(server))).error?.details.retryAfterMs).toBe(7_000)
	})

	it("maps 500 and 503 to server, once each", async () => {
		const server = await start({ scenario: [{ error: { status: 500 } }, { error: { status: 503 } }] })
		expect((await drain(geminiAt(server))).error?.kind).toBe("server")
		expect((await drain(geminiAt(server))).error?.kind).toBe("server")
		expect(server.requests).toHaveLength(2)
	})

	it("maps 401, 403 and Gemini's 400 API_KEY_INVALID to auth", async () => {
		const invalidKey = {
			error: {
				code: 400,
				message: "API key not valid. Please pass a valid API key.",
				status: "INVALID_ARGUMENT",
				details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }],
			},
		}
		const server = await start({
			scenario: [
				{ error: { status: 401 } },
				{ error: { status: 403 } },
				{ error: { status: 400, body: invalidKey } },
			],
		})
		const first = await drain(geminiAt(server))
		expect(first.error?.kind).toBe("auth")
		expect(first.error?.message).toContain(`The API key for Google Gemini (${server.url}) was rejected`)
		expect((await drain(geminiAt(server))).error?.kind).toBe("auth")
		const wrongKey = await drain(geminiAt(server))
		expect(wrongKey.error?.kind).toBe("auth")
		expect(wrongKey.error?.message).toContain("API key not valid")
	})

	it("never shows the key a server echoed back (it travels in x-goog-api-key)", async () => {
		const server = await start({ scenario: [{ error: { status: 400, echoApiKey: true } }] })
		const provider = buildProvider(
			{ provider: "gemini", modelId: "gemini-2.5-pro", baseUrl: server.url },
			"AIza-secret-gemini-key",
		)
		const { error } = await drain(provider)
		expect(error?.message).toContain("[redacted]")
		expect(error?.message).not.toContain("AIza-secret-gemini-key")
	})

	it("recognises Gemini's too-long prompt as context_overflow, with its numbers", async () => {
		const server = await start({ contextWindow: 100, scenario: [{ text: "never" }] })
		const { error } = await drain(geminiAt(server), {
			messages: [{ role: "user", content: [{ type: "text", text: "word ".repeat(400) }] }],
		})
		expect(error?.kind).toBe("context_overflow")
		expect(error?.details.contextWindow).toBe(100)
		expect(error?.details.promptTokens).toBe(server.requests[0]?.inputTokens)
	})

	it("maps an error object mid-stream to server, after the earlier text was yielded", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 3, streamError: { afterChunks: 2 } }],
		})
		const { chunks, error } = await drain(geminiAt(server))
		expect(textOf(chunks)).toBe("abcd")
		expect(error?.kind).toBe("server")
	})

	it("maps a cut connection to network and an unreadable chunk to malformed_response", async () => {
		const server = await start({
			scenario: [
				{ text: "abcdef", textChunks: 3, disconnectAfterChunks: 1 },
				{ text: "abcdef", textChunks: 3, malformedChunkAfter: 1 },
			],
		})
		expect((await drain(geminiAt(server))).error?.kind).toBe("network")
		expect((await drain(geminiAt(server))).error?.kind).toBe("malformed_response")
	})

	it("reports an abort while the answer stalls as aborted", async () => {
		const server = await start({ scenario: [{ text: "abc", stallAfterChunks: 0 }] })
		const controller = new AbortController()
		const pending = drain(geminiAt(server), { signal: controller.signal })
		controller.abort()
		expect((await pending).error?.kind).toBe("aborted")
	})
})
