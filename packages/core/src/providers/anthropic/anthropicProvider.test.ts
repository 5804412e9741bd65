import { describe, expect, it } from "vitest"
import { requestCost } from "../cost.js"
import {
	anthropicAt,
	drain,
	ofType,
	pngBase64,
	readFileTool,
	reasoningOf,
	richHistory,
	sampleArgs,
	textOf,
	useModelServers,
} from "../test-support/providerTesting.js"

const start = useModelServers()

describe("AnthropicProvider streaming", () => {
	it("streams text deltas that reassemble, with the usage at the start and the final usage last", async () => {
		const server = await start({ scenario: [{ text: "Hello from Claude!", textChunks: 5 }] })
		const { chunks, error } = await drain(anthropicAt(server))
		expect(error).toBeUndefined()
		expect(ofType(chunks, "text")).toHaveLength(5)
		expect(textOf(chunks)).toBe("Hello from Claude!")
		expect(chunks[0]?.type).toBe("usage")
		expect(ofType(chunks, "usage")).toHaveLength(2)
		expect(chunks.at(-1)?.type).toBe("usage")
	})

	it("streams thinking as reasoning and hands the signature over for replay", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "Let me think.",
					reasoningChunks: 3,
					reasoningSignature: "sig-1",
					text: "Done.",
				},
			],
		})
		const { chunks } = await drain(anthropicAt(server))
		expect(reasoningOf(chunks)).toBe("Let me think.")
		expect(ofType(chunks, "reasoning").filter((c) => c.signature)).toEqual([
			{ type: "reasoning", text: "", signature: "sig-1" },
		])
		expect(textOf(chunks)).toBe("Done.")
	})

	it("yields tool_call_partial chunks for split arguments, then exactly one tool_call with the exact JSON", async () => {
		const server = await start({
			scenario: [
				{
					text: "Reading.",
					toolCalls: [{ id: "toolu_A", name: "read_file", arguments: sampleArgs }],
					argumentChunks: 7,
				},
			],
		})
		const { chunks } = await drain(anthropicAt(server))
		const partials = ofType(chunks, "tool_call_partial")
		expect(partials[0]).toEqual({
			type: "tool_call_partial",
			index: 0,
			id: "toolu_A",
			name: "read_file",
			argumentsDelta: "",
		})
		expect(partials.slice(1)).toHaveLength(7)
		expect(partials.map((p) => p.argumentsDelta).join("")).toBe(JSON.stringify(sampleArgs))
		expect(ofType(chunks, "tool_call")).toEqual([
			{
				type: "tool_call",
				index: 0,
				id: "toolu_A",
				name: "read_file",
				arguments: JSON.stringify(sampleArgs),
			},
		])
		const callAt = chunks.findIndex((c) => c.type === "tool_call")
		expect(chunks.findLastIndex((c) => c.type === "tool_call_partial")).toBeLessThan(callAt)
	})

	it("numbers two tool calls 0 and 1, and a call without arguments gets {}", async () => {
		const server = await start({
			scenario: [
				{
					toolCalls: [
						{ name: "read_file", arguments: { path: "a.ts" } },
						{ name: "list_files", arguments: "" },
					],
					argumentChunks: 3,
				},
			],
		})
		const { chunks } = await drain(anthropicAt(server))
		const calls = ofType(chunks, "tool_call")
		expect(calls.map((c) => [c.index, c.name, c.arguments])).toEqual([
			[0, "read_file", '{"path":"a.ts"}'],
			[1, "list_files", "{}"],
		])
		expect(new Set(calls.map((c) => c.id)).size).toBe(2)
	})

	it("reports uncached input, output and cache tokens, which price correctly", async () => {
		const server = await start({
			scenario: [
				{
					text: "ok",
					usage: {
						inputTokens: 1000,
						outputTokens: 500,
						cacheCreationInputTokens: 2000,
						cacheReadInputTokens: 10_000,
					},
				},
			],
		})
		const anthropic = anthropicAt(server)
		const { chunks } = await drain(anthropic)
		// Running totals: the last usage chunk is the request's.
		const usage = ofType(chunks, "usage").at(-1)
		expect(usage).toEqual({
			type: "usage",
			inputTokens: 1000,
			outputTokens: 500,
			cacheWriteTokens: 2000,
			cacheReadTokens: 10_000,
		})
		// Opus 5.5: $4 in, $20 out, $5 cache write, $0.20 cache read per million.
		expect(requestCost(anthropic.model.info, usage!)).toBeCloseTo(0.004 + 0.01 + 0.01 + 0.002, 10)
	})

	it("yields nothing but usage for an empty response (the Task decides it is an error)", async () => {
		const server = await start({ scenario: [{ usage: { inputTokens: 3, outputTokens: 1 } }] })
		const { chunks, error } = await drain(anthropicAt(server))
		expect(error).toBeUndefined()
		expect(chunks.every((chunk) => chunk.type === "usage")).toBe(true)
		expect(chunks.at(-1)).toEqual({
			type: "usage",
			inputTokens: 3,
			outputTokens: 1,
			cacheWriteTokens: 0,
			cacheReadTokens: 0,
		})
	})
})

describe("AnthropicProvider request", () => {
	it("sends the system prompt as a cached block, tools as input_schema, and the history with cache breakpoints", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(anthropicAt(server, { headers: { "x-gateway": "cairn" } }), { messages: richHistory })
		const request = server.requests[0]!
		expect(request.path).toBe("/v1/messages")
		// This SDK version sends the key as a bearer token.
		expect(request.headers.authorization).toBe("Bearer sk-ant-test")
		expect(request.headers["x-gateway"]).toBe("cairn")
		expect(request.headers["x-stainless-retry-count"]).toBe("0")
		const body = request.body as Record<string, unknown>
		expect(body).toMatchObject({ model: "claude-opus-5-5", max_tokens: 128_000, stream: true })
		expect(body.thinking).toBeUndefined()
		expect(body.system).toEqual([
			{ type: "text", text: "You are Cairn, a coding agent.", cache_control: { type: "ephemeral" } },
		])
		expect(body.tools).toEqual([
			{
				name: "read_file",
				description: readFileTool.description,
				input_schema: readFileTool.inputSchema,
			},
		])
		const image = { type: "image", source: { type: "base64", media_type: "image/png", data: pngBase64 } }
		expect(body.messages).toEqual([
			{
				role: "user",
				content: [
					{ type: "text", text: "What does a.ts export?" },
					{ ...image, cache_control: { type: "ephemeral" } },
				],
			},
			{
				role: "assistant",
				content: [
					{ type: "thinking", thinking: "I should read it.", signature: "sig-abc" },
					{ type: "text", text: "Reading a.ts." },
					{ type: "tool_use", id: "call_1", name: "read_file", input: { path: "a.ts" } },
				],
			},
			{
				role: "user",
				content: [
					{
						type: "tool_result",
						tool_use_id: "call_1",
						content: [{ type: "text", text: "export const a = 1" }, image],
					},
					{ type: "text", text: "Explain it.", cache_control: { type: "ephemeral" } },
				],
			},
		])
	})

	it("puts tool results first, drops unsigned reasoning and empty text, and marks errors", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(anthropicAt(server, { modelInfo: { supportsPromptCache: false } }), {
			messages: [
				{ role: "user", content: [{ type: "text", text: "go" }] },
				{
					role: "assistant",
					content: [
						{ type: "reasoning", text: "unsigned" },
						{ type: "text", text: "" },
						{ type: "tool_use", id: "t1", name: "read_file", input: "{broken" },
					],
				},
				{
					role: "user",
					content: [
						{ type: "text", text: "also this" },
						{
							type: "tool_result",
							toolUseId: "t1",
							content: [{ type: "text", text: "bad JSON" }],
							isError: true,
						},
					],
				},
			],
		})
		const body = server.requests[0]!.body as { messages: unknown; system: unknown }
		expect(body.system).toEqual([{ type: "text", text: "You are Cairn, a coding agent." }])
		expect(body.messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "go" }] },
			{ role: "assistant", content: [{ type: "tool_use", id: "t1", name: "read_file", input: {} }] },
			{
				role: "user",
				content: [
					{
						type: "tool_result",
						tool_use_id: "t1",
						content: [{ type: "text", text: "bad JSON" }],
						is_error: true,
					},
					{ type: "text", text: "also this" },
				],
			},
		])
	})
})

describe("AnthropicProvider and the context window", () => {
	it("asks for the output reserve as max_tokens, so a request that fits the rest of the window is answered", async () => {
		// A 100,000 window with a 1,000 output cap: the reserve is the cap.
		const modelInfo = { contextWindow: 100_000, maxOutputTokens: 1_000 }
		const server = await start({
			contextWindow: 100_000,
			scenario: [{ text: "measured" }, { text: "fits" }],
		})
		await drain(anthropicAt(server, { modelInfo }))
		const input = server.requests[0]?.inputTokens ?? 0
		expect((server.requests[0]?.body as { max_tokens: number }).max_tokens).toBe(1_000)
		server.setContextWindow(input + 1_000)
		expect(textOf((await drain(anthropicAt(server, { modelInfo }))).chunks)).toBe("fits")
		server.setContextWindow(input + 999)
		expect((await drain(anthropicAt(server, { modelInfo }))).error?.kind).toBe("context_overflow")
	})
})
