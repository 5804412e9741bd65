import { describe, expect, it } from "vitest"
import { drain, openaiAt, textOf, useModelServers } from "../test-support/providerTesting.js"

const start = useModelServers()

describe("OpenAiProvider errors", () => {
	it("maps 401 to auth without a retry, telling where to set the key", async () => {
		const server = await start({
			scenario: [{ error: { status: 401, message: "Incorrect API key provided" } }],
		})
		const { error } = await drain(openaiAt(server))
		expect(error?.kind).toBe("auth")
		expect(error?.message).toContain(
			`The API key for the OpenAI-compatible server at ${server.openaiBaseURL}`,
		)
		expect(error?.message).toContain("Incorrect API key provided")
		expect(error?.message).toContain("settings")
		expect(server.requests).toHaveLength(1)
	})

	it("maps 429 to rate_limit with retry-after-ms, and insufficient_quota to a non-retryable account error", async () => {
		const server = await start({
			scenario: [
				{ error: { status: 429, retryAfter: 5, headers: { "retry-after-ms": "1500" } } },
				{
					error: {
						status: 429,
						code: "insufficient_quota",
						message: "You exceeded your current quota",
					},
				},
			],
		})
		const limited = await drain(openaiAt(server))
		expect(limited.error?.kind).toBe("rate_limit")
		expect(limited.error?.details.retryAfterMs).toBe(1_500)
		const quota = await drain(openaiAt(server))
		expect(quota.error?.kind).toBe("auth")
		expect(quota.error?.retryable).toBe(false)
		expect(server.requests).toHaveLength(2)
	})

	it("maps 500 to server without a retry", async () => {
		const server = await start({ scenario: [{ error: { status: 500 } }] })
		const { error } = await drain(openaiAt(server))
		expect(error?.kind).toBe("server")
		expect(error?.details.status).toBe(500)
		expect(server.requests).toHaveLength(1)
	})

	it("maps 404 to bad_request naming the model and the base URL", async () => {
		const server = await start({
			scenario: [{ error: { status: 404, message: "The model `gpt-nope` does not exist" } }],
		})
		const { error } = await drain(openaiAt(server, { modelId: "gpt-nope" }))
		expect(error?.kind).toBe("bad_request")
		expect(error?.message).toContain('model id "gpt-nope" is unknown')
		expect(error?.message).toContain(server.openaiBaseURL)
	})

	it("maps a disconnect mid-stream to network, after the earlier chunks were yielded", async () => {
		const server = await start({ scenario: [{ text: "abcd", textChunks: 4, disconnectAfterChunks: 3 }] })
		const { chunks, error } = await drain(openaiAt(server))
		// The role chunk, then two content deltas.
		expect(textOf(chunks)).toBe("ab")
		expect(error?.kind).toBe("network")
		expect(error?.message).toContain("closed mid-response")
	})

	it("maps a malformed SSE chunk to malformed_response (the SDK's JSON.parse SyntaxError)", async () => {
		const server = await start({ scenario: [{ text: "abc", textChunks: 3, malformedChunkAfter: 2 }] })
		const { chunks, error } = await drain(openaiAt(server))
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("malformed_response")
	})

	it("maps an error object mid-stream to server", async () => {
		const server = await start({
			scenario: [{ text: "abc", textChunks: 3, streamError: { afterChunks: 2 } }],
		})
		const { chunks, error } = await drain(openaiAt(server))
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("server")
	})

	it("maps an abort mid-stream, and one before the request, to aborted", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 6, chunkDelayMs: 30 }, { text: "never" }],
		})
		const controller = new AbortController()
		const { chunks, error } = await drain(openaiAt(server), { signal: controller.signal }, (chunk) => {
			if (chunk.type === "text") controller.abort()
		})
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("aborted")
		const early = await drain(openaiAt(server), { signal: AbortSignal.abort() })
		expect(early.error?.kind).toBe("aborted")
		expect(server.requests).toHaveLength(1)
	})

	it("maps an unreachable endpoint to network", async () => {
		const server = await start()
		const url = server.openaiBaseURL
		await server.close()
		const { error } = await drain(openaiAt(server, { baseUrl: url }))
		expect(error?.kind).toBe("network")
		expect(error?.message).toContain("Could not connect")
	})
})
