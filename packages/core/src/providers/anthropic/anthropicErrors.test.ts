import { describe, expect, it } from "vitest"
import { anthropicAt, drain, textOf, useModelServers } from "../test-support/providerTesting.js"

const start = useModelServers()

describe("AnthropicProvider errors", () => {
	it("maps 401 to auth without a retry, telling where to set the key", async () => {
		const server = await start({ scenario: [{ error: { status: 401, message: "invalid x-api-key" } }] })
		const { error } = await drain(anthropicAt(server))
		expect(error?.kind).toBe("auth")
		expect(error?.details.status).toBe(401)
		expect(error?.message).toContain("API key for Anthropic")
		expect(error?.message).toContain("invalid x-api-key")
		expect(error?.message).toContain("settings")
		expect(server.requests).toHaveLength(1)
	})

	it("maps 429 to rate_limit with retry-after in milliseconds", async () => {
		const server = await start({ scenario: [{ error: { status: 429, retryAfter: 7 } }] })
		const { error } = await drain(anthropicAt(server))
		expect(error?.kind).toBe("rate_limit")
		expect(error?.details.retryAfterMs).toBe(7_000)
		expect(server.requests).toHaveLength(1)
	})

	it("maps 500 and 529 to server", async () => {
		const server = await start({ scenario: [{ error: { status: 500 } }, { error: { status: 529 } }] })
		const first = await drain(anthropicAt(server))
		const second = await drain(anthropicAt(server))
		expect(first.error?.kind).toBe("server")
		expect(second.error?.kind).toBe("server")
		expect(second.error?.message).toContain("overloaded")
		expect(server.requests).toHaveLength(2)
	})

	it("maps 404 to bad_request naming the unknown model id", async () => {
		const server = await start({ scenario: [{ error: { status: 404, message: "model: claude-nope" } }] })
		const { error } = await drain(anthropicAt(server, { modelId: "claude-nope" }))
		expect(error?.kind).toBe("bad_request")
		expect(error?.message).toContain('model id "claude-nope" is unknown')
	})

	it("maps a disconnect mid-stream to network, after the earlier chunks were yielded", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 6, disconnectAfterChunks: 5 }],
		})
		const { chunks, error } = await drain(anthropicAt(server))
		// message_start, ping, content_block_start, then two text deltas.
		expect(textOf(chunks)).toBe("ab")
		expect(error?.kind).toBe("network")
		expect(error?.message).toContain("closed mid-response")
	})

	it("maps a malformed SSE chunk to malformed_response (the SDK's JSON.parse SyntaxError)", async () => {
		const server = await start({ scenario: [{ text: "abc", textChunks: 3, malformedChunkAfter: 4 }] })
		const { chunks, error } = await drain(anthropicAt(server))
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("malformed_response")
		expect(error?.retryable).toBe(true)
	})

	it("maps an overloaded_error event mid-stream to server", async () => {
		const server = await start({
			scenario: [{ text: "abc", textChunks: 3, streamError: { afterChunks: 4 } }],
		})
		const { chunks, error } = await drain(anthropicAt(server))
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("server")
		expect(error?.message).toContain("overloaded")
	})

	it("maps an abort mid-stream, and one before the request, to aborted", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 6, chunkDelayMs: 30 }, { text: "never" }],
		})
		const controller = new AbortController()
		const { chunks, error } = await drain(anthropicAt(server), { signal: controller.signal }, (chunk) => {
			if (chunk.type === "text") controller.abort()
		})
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("aborted")
		const early = await drain(anthropicAt(server), { signal: AbortSignal.abort() })
		expect(early.error?.kind).toBe("aborted")
		expect(server.requests).toHaveLength(1)
	})
})
