import { describe, expect, it, vi } from "vitest"
import { drain, ollamaAt, textOf, useModelServers } from "../test-support/providerTesting.js"

const start = useModelServers()

describe("OllamaProvider errors", () => {
	it("maps 401 to auth without a retry", async () => {
		const server = await start({ scenario: [{ error: { status: 401, message: "unauthorized" } }] })
		const { error } = await drain(ollamaAt(server))
		expect(error?.kind).toBe("auth")
		expect(error?.message).toContain(`The API key for Ollama at ${server.ollamaHost} was rejected`)
		expect(server.requests).toHaveLength(1)
	})

	it("maps 429 to rate_limit with retry-after from the response headers", async () => {
		const server = await start({ scenario: [{ error: { status: 429, retryAfter: 2 } }] })
		const { error } = await drain(ollamaAt(server))
		expect(error?.kind).toBe("rate_limit")
		expect(error?.details.retryAfterMs).toBe(2_000)
	})

	it("maps 500 to server and 404 to a hint to pull the model", async () => {
		const server = await start({
			scenario: [
				{ error: { status: 500 } },
				{ error: { status: 404, message: "model 'qwen9' not found" } },
			],
		})
		expect((await drain(ollamaAt(server))).error?.kind).toBe("server")
		const missing = await drain(ollamaAt(server, { modelId: "qwen9" }))
		expect(missing.error?.kind).toBe("bad_request")
		expect(missing.error?.message).toContain("ollama pull qwen9")
	})

	it("maps a disconnect mid-stream to network, after the earlier lines were yielded", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 3, disconnectAfterChunks: 2 }],
		})
		const { chunks, error } = await drain(ollamaAt(server))
		expect(textOf(chunks)).toBe("abcd")
		expect(error?.kind).toBe("network")
	})

	it("cannot see a malformed line: ollama-js warns and skips it, so the rest of the answer arrives", async () => {
		const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
		try {
			const server = await start({ scenario: [{ text: "abc", textChunks: 3, malformedChunkAfter: 1 }] })
			const { chunks, error } = await drain(ollamaAt(server))
			expect(error).toBeUndefined()
			expect(textOf(chunks)).toBe("abc")
			expect(warn).toHaveBeenCalled()
		} finally {
			warn.mockRestore()
		}
	})

	it("maps an error line mid-stream to server, with Ollama's message", async () => {
		const server = await start({
			scenario: [
				{
					text: "abc",
					textChunks: 3,
					streamError: { afterChunks: 1, message: "model runner crashed" },
				},
			],
		})
		const { chunks, error } = await drain(ollamaAt(server))
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("server")
		expect(error?.message).toContain("model runner crashed")
	})

	it("maps an abort mid-stream, and one before the request, to aborted", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 6, chunkDelayMs: 30 }, { text: "never" }],
		})
		const controller = new AbortController()
		const { chunks, error } = await drain(ollamaAt(server), { signal: controller.signal }, (chunk) => {
			if (chunk.type === "text") controller.abort()
		})
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("aborted")
		const early = await drain(ollamaAt(server), { signal: AbortSignal.abort() })
		expect(early.error?.kind).toBe("aborted")
		expect(server.requests).toHaveLength(1)
	})

	it("maps an unreachable host to network", async () => {
		const server = await start()
		const host = server.ollamaHost
		await server.close()
		const { error } = await drain(ollamaAt(server, { baseUrl: host }))
		expect(error?.kind).toBe("network")
		expect(error?.message).toContain("Could not connect to Ollama")
	})
})
