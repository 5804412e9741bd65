import type { OverflowStyle } from "@cairn/model-server"
import { describe, expect, it } from "vitest"
import type { ProviderError } from "./providerError.js"
import { anthropicAt, drain, ollamaAt, openaiAt, useModelServers } from "./test-support/providerTesting.js"

const start = useModelServers()

/** A window far smaller than the base request, so every server refuses it. */
const tiny = 20

function expectOverflow(error: ProviderError | undefined, inputTokens: number | undefined): void {
	expect(error?.kind).toBe("context_overflow")
	expect(error?.retryable).toBe(false)
	expect(error?.message).toContain("refused the request: it does not fit the model's context window")
	expect(error?.details).toMatchObject({ status: 400, promptTokens: inputTokens, contextWindow: tiny })
}

describe("each SDK against the model server's overflow answers yields context_overflow", () => {
	it("Anthropic: prompt is too long", async () => {
		const server = await start({ contextWindow: tiny })
		const { error } = await drain(anthropicAt(server))
		expectOverflow(error, server.requests[0]?.inputTokens)
		expect(error?.message).toMatch(/\(400: prompt is too long: \d+ tokens > 20 maximum\)\.$/)
	})

	it("Anthropic: input + max_tokens, naming the prompt's count", async () => {
		const server = await start({ contextWindow: 1_000_000 })
		await drain(anthropicAt(server, { modelInfo: { contextWindow: 100_000, maxOutputTokens: 200_000 } }))
		const request = server.requests[0]
		const maxTokens = (request?.body as { max_tokens: number }).max_tokens
		const input = request?.inputTokens ?? 0
		server.setContextWindow(input + maxTokens - 1)
		const { error } = await drain(
			anthropicAt(server, { modelInfo: { contextWindow: 100_000, maxOutputTokens: 200_000 } }),
		)
		expect(error?.kind).toBe("context_overflow")
		expect(error?.details).toMatchObject({ promptTokens: input, contextWindow: input + maxTokens - 1 })
		expect(error?.message).toContain("input length and `max_tokens` exceed context limit")
	})

	it.each<OverflowStyle>(["openai", "openrouter", "vllm", "vllm-legacy", "lmstudio"])(
		"OpenAI-compatible, %s",
		async (overflowStyle) => {
			const server = await start({ contextWindow: tiny, overflowStyle })
			const { error } = await drain(openaiAt(server))
			expectOverflow(error, server.requests[0]?.inputTokens)
			expect(error?.message).toMatch(
				/^The OpenAI-compatible server at http:\/\/127\.0\.0\.1:\d+\/v1 refused/,
			)
		},
	)

	it("Ollama, which Cairn asks to refuse rather than cut: the runner's message, unwrapped from its JSON", async () => {
		const server = await start({ contextWindow: tiny })
		const { error } = await drain(ollamaAt(server))
		expectOverflow(error, server.requests[0]?.inputTokens)
		expect(error?.message).toMatch(
			/^Ollama at .* refused the request: it does not fit the model's context window \(400: request \(\d+ tokens\) exceeds the available context size \(20 tokens\), try increasing it\)\.$/,
		)
	})

	it("an overflow reported mid-stream, by error event or error line", async () => {
		const streamError = {
			afterChunks: 0,
			type: "invalid_request_error",
			message: "prompt is too long: 30 tokens > 20 maximum",
		}
		const server = await start({
			scenario: [
				{ text: "x", streamError },
				{ text: "x", streamError },
			],
		})
		const anthropic = await drain(anthropicAt(server))
		expect(anthropic.error).toMatchObject({
			kind: "context_overflow",
			details: { promptTokens: 30, contextWindow: 20 },
		})
		const ollama = await drain(ollamaAt(server))
		expect(ollama.error).toMatchObject({
			kind: "context_overflow",
			details: { promptTokens: 30, contextWindow: 20 },
		})
		expect(ollama.error?.message).toContain("(mid-response: prompt is too long: 30 tokens > 20 maximum)")
	})
})
