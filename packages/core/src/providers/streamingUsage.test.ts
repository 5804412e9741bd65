import type { ScriptedTurn } from "@cairn/model-server"
import { describe, expect, it } from "vitest"
import type { ApiStreamChunk, ApiUsageChunk, ModelProvider } from "./modelProvider.js"
import { ProviderError } from "./providerError.js"
import { streamRequest } from "./streamRequest.js"
import {
	anthropicAt,
	baseRequest,
	geminiAt,
	ollamaAt,
	openaiAt,
	useModelServers,
} from "./test-support/providerTesting.js"

const start = useModelServers()

/** Everything one request yields through the path every model request takes, and how it ended. */
async function streamed(
	provider: ModelProvider,
): Promise<{ chunks: ApiStreamChunk[]; error?: ProviderError }> {
	const { systemPrompt, messages, tools } = baseRequest
	const call = streamRequest(
		provider,
		{ systemPrompt, messages, tools },
		{ signal: new AbortController().signal, idleTimeoutMs: 30_000 },
	)
	const chunks: ApiStreamChunk[] = []
	try {
		for await (const chunk of call.stream) chunks.push(chunk)
	} catch (error) {
		if (!(error instanceof ProviderError)) throw error
		return { chunks, error }
	} finally {
		call.release()
	}
	return { chunks }
}

const usages = (chunks: readonly ApiStreamChunk[]): ApiUsageChunk[] =>
	chunks.filter((chunk): chunk is ApiUsageChunk => chunk.type === "usage")

/** The usage chunks that came while the answer was still streaming (before its last text). */
function whileStreaming(chunks: readonly ApiStreamChunk[]): ApiUsageChunk[] {
	return usages(
		chunks.slice(
			0,
			chunks.findLastIndex((chunk) => chunk.type === "text"),
		),
	)
}

// ~60 tokens in eight deltas: long enough for the answer to show its usage while it streams.
const answer: ScriptedTurn = {
	text: "The function reads the file, splits it into lines and counts those that are not blank. ".repeat(3),
	textChunks: 8,
}

describe("usage while the answer streams, per wire form", () => {
	it("OpenAI-compatible: asks for usage in the stream, shows an estimate while it streams, then the server's counts", async () => {
		const server = await start({
			scenario: [{ ...answer, usage: { inputTokens: 1_234, outputTokens: 77 } }],
		})
		const { chunks } = await streamed(openaiAt(server))

		expect(server.requests[0]?.body).toMatchObject({ stream_options: { include_usage: true } })
		const early = whileStreaming(chunks)
		expect(early.length).toBeGreaterThan(0)
		expect(early.every((usage) => usage.estimated === true)).toBe(true)
		expect(early.every((usage) => usage.inputTokens > 0)).toBe(true)
		const outputs = early.map((usage) => usage.outputTokens)
		expect(outputs).toEqual([...outputs].sort((a, b) => a - b))
		expect(chunks.at(-1)).toEqual({
			type: "usage",
			inputTokens: 1_234,
			outputTokens: 77,
			cacheReadTokens: 0,
			reasoningTokens: 0,
		})
	})

	it("OpenAI-compatible: reports the reasoning tokens of completion_tokens_details", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "Count the lines first.",
					text: "42",
					usage: { outputTokens: 90, reasoningTokens: 40 },
				},
			],
		})
		const { chunks } = await streamed(openaiAt(server))
		expect(chunks.at(-1)).toMatchObject({ type: "usage", outputTokens: 90, reasoningTokens: 40 })
		expect(chunks.at(-1)).not.toHaveProperty("estimated")
	})

	it("Ollama: shows an estimate while it streams, then prompt_eval_count and eval_count", async () => {
		const server = await start({
			scenario: [{ ...answer, usage: { inputTokens: 900, outputTokens: 55 } }],
		})
		const { chunks } = await streamed(ollamaAt(server))

		const early = whileStreaming(chunks)
		expect(early.length).toBeGreaterThan(0)
		expect(early.every((usage) => usage.estimated === true && usage.inputTokens > 0)).toBe(true)
		expect(chunks.at(-1)).toEqual({ type: "usage", inputTokens: 900, outputTokens: 55 })
	})

	it("Anthropic: the input as message_start reports it, the output estimated until message_delta counts it", async () => {
		const server = await start({
			scenario: [{ ...answer, usage: { inputTokens: 700, outputTokens: 66 } }],
		})
		const { chunks } = await streamed(anthropicAt(server))

		const early = whileStreaming(chunks).filter((usage) => usage.estimated)
		expect(early.length).toBeGreaterThan(0)
		expect(early.every((usage) => usage.inputTokens === 700 && usage.outputTokens > 1)).toBe(true)
		expect(usages(chunks).at(-1)).toMatchObject({ inputTokens: 700, outputTokens: 66 })
		expect(usages(chunks).at(-1)).not.toHaveProperty("estimated")
	})

	it("Gemini: running counts that leave the output for the end do not take the streamed output back to 0", async () => {
		const server = await start({
			scenario: [{ ...answer, usage: { inputTokens: 800, outputTokens: 64 } }],
		})
		const { chunks } = await streamed(geminiAt(server))

		// Until the final count, which replaces the estimate whichever is larger.
		const outputs = usages(chunks)
			.slice(0, -1)
			.map((usage) => usage.outputTokens)
		expect(outputs).toEqual([...outputs].sort((a, b) => a - b))
		expect(whileStreaming(chunks).some((usage) => usage.estimated && usage.inputTokens === 800)).toBe(
			true,
		)
		expect(usages(chunks).at(-1)).toMatchObject({ inputTokens: 800, outputTokens: 64 })
		expect(usages(chunks).at(-1)).not.toHaveProperty("estimated")
	})

	it("Gemini: reports thoughtsTokenCount as reasoning tokens, within the output", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "Count the lines first.",
					text: "42",
					usage: { outputTokens: 90, reasoningTokens: 40 },
				},
			],
		})
		const { chunks } = await streamed(geminiAt(server))
		expect(usages(chunks).at(-1)).toMatchObject({ outputTokens: 90, reasoningTokens: 40 })
		expect(usages(chunks).at(-1)).not.toHaveProperty("estimated")
	})

	it("a stream cut before the server counted keeps its estimate, marked as one", async () => {
		const server = await start({ scenario: [{ ...answer, disconnectAfterChunks: 6 }] })
		const { chunks, error } = await streamed(openaiAt(server))

		expect(error).toBeDefined()
		const last = usages(chunks).at(-1)
		expect(last?.estimated).toBe(true)
		expect(last?.inputTokens).toBeGreaterThan(0)
		expect(last?.outputTokens).toBeGreaterThan(0)
	})

	it("a server that says it counted nothing keeps the estimate, marked as one", async () => {
		const server = await start({ scenario: [{ ...answer, usage: { inputTokens: 0, outputTokens: 0 } }] })
		const { chunks } = await streamed(openaiAt(server))

		const last = usages(chunks).at(-1)
		expect(last?.estimated).toBe(true)
		expect(last?.inputTokens).toBeGreaterThan(0)
		expect(last?.outputTokens).toBeGreaterThan(0)
	})

	it("shows usage before the first part of the answer: a reader that stops there already holds it", async () => {
		const server = await start({ scenario: [answer] })
		const { systemPrompt, messages, tools } = baseRequest
		const call = streamRequest(
			openaiAt(server),
			{ systemPrompt, messages, tools },
			{
				signal: new AbortController().signal,
				idleTimeoutMs: 30_000,
			},
		)
		const before: ApiStreamChunk[] = []
		try {
			for await (const chunk of call.stream) {
				if (chunk.type === "text") break
				before.push(chunk)
			}
		} finally {
			call.release()
		}
		expect(usages(before)).toEqual([
			expect.objectContaining({ estimated: true, outputTokens: expect.any(Number) }),
		])
		expect(usages(before)[0]?.inputTokens).toBeGreaterThan(0)
	})

	it("a refused request shows no usage at all", async () => {
		const server = await start({ scenario: [{ error: { status: 401 } }] })
		const { chunks, error } = await streamed(openaiAt(server))
		expect(error?.kind).toBe("auth")
		expect(usages(chunks)).toEqual([])
	})
})
