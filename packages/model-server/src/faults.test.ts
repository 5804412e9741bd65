import Anthropic from "@anthropic-ai/sdk"
import OpenAI, { APIConnectionError, APIConnectionTimeoutError } from "openai"
import { describe, expect, it } from "vitest"
import { planStream } from "./faults.js"
import { drain, useModelServers } from "./test-support/servers.js"

const start = useModelServers()
const ask = { model: "m", messages: [{ role: "user" as const, content: "x" }] }

describe("planStream", () => {
	const extra = { malformed: "BAD", streamError: "ERR" }
	const chunks = ["a", "b", "c"]

	it("places each fault after K regular chunks", () => {
		expect(planStream(chunks, { malformedChunkAfter: 1 }, extra)).toEqual([
			{ write: "a" },
			{ write: "BAD" },
			{ write: "b" },
			{ write: "c" },
			{ end: true },
		])
		expect(planStream(chunks, { disconnectAfterChunks: 2 }, extra)).toEqual([
			{ write: "a" },
			{ write: "b" },
			{ destroy: true },
		])
		expect(planStream(chunks, { stallAfterChunks: 1 }, extra)).toEqual([{ write: "a" }, { stall: true }])
		expect(planStream(chunks, { streamError: { afterChunks: 0 } }, extra)).toEqual([
			{ write: "ERR" },
			{ end: true },
		])
	})

	it("caps K at the number of chunks so an oversized K still fires", () => {
		expect(planStream(chunks, { disconnectAfterChunks: 99 }, extra).at(-1)).toEqual({ destroy: true })
	})
})

describe("faults on non-streaming answers and broken tool arguments", () => {
	it("cuts a non-streaming answer before any byte: the SDK sees a connection error", async () => {
		const server = await start({ scenario: [{ text: "never", disconnectAfterChunks: 0 }] })
		const openai = new OpenAI({
			apiKey: "k",
			baseURL: server.openaiBaseURL,
			maxRetries: 0,
			logLevel: "off",
		})
		await expect(openai.chat.completions.create(ask)).rejects.toBeInstanceOf(APIConnectionError)
	})

	it("echoes the request's API key in an error message when asked to, for either SDK's header", async () => {
		const server = await start({
			scenario: [
				{ error: { status: 401, message: "Invalid key", echoApiKey: true } },
				{ error: { status: 401, message: "Invalid key", echoApiKey: true } },
			],
		})
		const openai = new OpenAI({ apiKey: "sk-echo-1", baseURL: server.openaiBaseURL, maxRetries: 0 })
		await expect(openai.chat.completions.create(ask)).rejects.toThrow("Invalid key (API key: sk-echo-1)")
		const anthropic = new Anthropic({ apiKey: "sk-echo-2", baseURL: server.url, maxRetries: 0 })
		await expect(anthropic.messages.create({ ...ask, max_tokens: 10 })).rejects.toThrow(
			"Invalid key (API key: sk-echo-2)",
		)
	})

	it("stalls without a byte, or after the head: the client's own timeout is all that ends it", async () => {
		const server = await start({
			scenario: [
				{ text: "never", stallBeforeHead: true },
				{ text: "never", stallAfterChunks: 0 },
			],
		})
		const openai = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0, timeout: 200 })
		await expect(openai.chat.completions.create(ask)).rejects.toBeInstanceOf(APIConnectionTimeoutError)
		const response = await fetch(`${server.openaiBaseURL}/chat/completions`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: "Bearer k" },
			body: JSON.stringify({ ...ask, stream: true }),
		})
		expect(response.status).toBe(200)
		const reading = response.body?.getReader().read()
		await server.close()
		await expect(reading).rejects.toThrow()
	})

	it("cuts a non-streaming JSON body in half when malformed", async () => {
		const server = await start({ scenario: [{ text: "half", malformedChunkAfter: 0 }] })
		const openai = new OpenAI({
			apiKey: "k",
			baseURL: server.openaiBaseURL,
			maxRetries: 0,
			logLevel: "off",
		})
		await expect(openai.chat.completions.create(ask)).rejects.toBeInstanceOf(SyntaxError)
	})

	it("sends raw, broken tool arguments verbatim", async () => {
		const broken = '{"path": "a.ts", "content": "unterminated'
		const turn = { toolCalls: [{ name: "write", arguments: broken }], argumentChunks: 4 }
		const server = await start({ scenario: [turn, turn] })
		const openai = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0 })
		const { items } = await drain(await openai.chat.completions.create({ ...ask, stream: true }))
		const fragments = items
			.flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])
			.map((c) => c.function?.arguments ?? "")
		expect(fragments.join("")).toBe(broken)

		const anthropic = new Anthropic({ apiKey: "k", baseURL: server.anthropicBaseURL, maxRetries: 0 })
		const raw = await drain(await anthropic.messages.create({ ...ask, max_tokens: 5, stream: true }))
		const partial = raw.items.flatMap((e) =>
			e.type === "content_block_delta" && e.delta.type === "input_json_delta"
				? [e.delta.partial_json]
				: [],
		)
		expect(partial).toHaveLength(4)
		expect(partial.join("")).toBe(broken)
	})
})
