import { describe, expect, it } from "vitest"
import { requestCost } from "../cost.js"
import { openaiUsage } from "./openaiProvider.js"
import {
	drain,
	ofType,
	openaiAt,
	pngBase64,
	readFileTool,
	reasoningOf,
	richHistory,
	sampleArgs,
	textOf,
	useModelServers,
} from "../test-support/providerTesting.js"

const start = useModelServers()

describe("OpenAiProvider streaming", () => {
	it("streams content deltas that reassemble, then one usage chunk", async () => {
		const server = await start({ scenario: [{ text: "Hello from GPT!", textChunks: 4 }] })
		const { chunks, error } = await drain(openaiAt(server))
		expect(error).toBeUndefined()
		expect(ofType(chunks, "text")).toHaveLength(4)
		expect(textOf(chunks)).toBe("Hello from GPT!")
		expect(ofType(chunks, "usage")).toHaveLength(1)
		expect(chunks.at(-1)?.type).toBe("usage")
	})

	it("streams reasoning_content deltas as reasoning", async () => {
		const server = await start({
			scenario: [{ reasoning: "Step by step.", reasoningChunks: 3, text: "42" }],
		})
		const { chunks } = await drain(openaiAt(server))
		expect(ofType(chunks, "reasoning")).toHaveLength(3)
		expect(reasoningOf(chunks)).toBe("Step by step.")
		expect(textOf(chunks)).toBe("42")
	})

	it("yields tool_call_partial chunks by index, then exactly one tool_call with the exact JSON", async () => {
		const server = await start({
			scenario: [
				{
					toolCalls: [{ id: "call_A", name: "read_file", arguments: sampleArgs }],
					argumentChunks: 7,
				},
			],
		})
		const { chunks } = await drain(openaiAt(server))
		const partials = ofType(chunks, "tool_call_partial")
		expect(partials[0]).toEqual({
			type: "tool_call_partial",
			index: 0,
			id: "call_A",
			name: "read_file",
			argumentsDelta: "",
		})
		expect(partials.slice(1)).toHaveLength(7)
		expect(partials.slice(1).every((p) => p.id === undefined && p.name === undefined)).toBe(true)
		expect(partials.map((p) => p.argumentsDelta).join("")).toBe(JSON.stringify(sampleArgs))
		expect(ofType(chunks, "tool_call")).toEqual([
			{
				type: "tool_call",
				index: 0,
				id: "call_A",
				name: "read_file",
				arguments: JSON.stringify(sampleArgs),
			},
		])
		const callAt = chunks.findIndex((c) => c.type === "tool_call")
		expect(chunks.findLastIndex((c) => c.type === "tool_call_partial")).toBeLessThan(callAt)
	})

	it("completes two tool calls in one response, in index order", async () => {
		const server = await start({
			scenario: [
				{
					text: "Two reads.",
					toolCalls: [
						{ name: "read_file", arguments: { path: "a.ts" } },
						{ name: "read_file", arguments: { path: "b.ts" } },
					],
					argumentChunks: 4,
				},
			],
		})
		const { chunks } = await drain(openaiAt(server))
		const calls = ofType(chunks, "tool_call")
		expect(calls.map((c) => [c.index, c.arguments])).toEqual([
			[0, '{"path":"a.ts"}'],
			[1, '{"path":"b.ts"}'],
		])
		expect(new Set(calls.map((c) => c.id)).size).toBe(2)
		expect(textOf(chunks)).toBe("Two reads.")
	})

	it("reports prompt tokens minus cached ones as input and the cached ones as cache reads", async () => {
		const server = await start({
			scenario: [
				{ text: "ok", usage: { inputTokens: 1_000, outputTokens: 200, cacheReadInputTokens: 9_000 } },
			],
		})
		const openai = openaiAt(server)
		const { chunks } = await drain(openai)
		const [usage] = ofType(chunks, "usage")
		expect(usage).toEqual({
			type: "usage",
			inputTokens: 1_000,
			outputTokens: 200,
			cacheReadTokens: 9_000,
			reasoningTokens: 0,
		})
		// GPT-5.2: $1.75 in, $14 out, $0.175 cached per million.
		expect(requestCost(openai.model.info, usage!)).toBeCloseTo(0.00175 + 0.0028 + 0.001575, 10)
	})

	it("subtracts cache writes too when a server reports them", () => {
		const usage = openaiUsage({
			prompt_tokens: 100,
			completion_tokens: 5,
			total_tokens: 105,
			prompt_tokens_details: { cached_tokens: 30, cache_write_tokens: 20 },
		})
		expect(usage).toEqual({
			type: "usage",
			inputTokens: 50,
			outputTokens: 5,
			cacheReadTokens: 30,
			cacheWriteTokens: 20,
		})
	})

	it("yields nothing but usage for an empty response (the Task decides it is an error)", async () => {
		const server = await start({ scenario: [{ usage: { inputTokens: 3, outputTokens: 1 } }] })
		const { chunks, error } = await drain(openaiAt(server))
		expect(error).toBeUndefined()
		expect(chunks).toEqual([
			{ type: "usage", inputTokens: 3, outputTokens: 1, cacheReadTokens: 0, reasoningTokens: 0 },
		])
	})
})

describe("OpenAiProvider request", () => {
	it("sends the system message first, function tools, stream_options, headers and the converted history", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(openaiAt(server, { headers: { "HTTP-Referer": "https://cairn.dev" } }), {
			messages: richHistory,
		})
		const request = server.requests[0]!
		expect(request.path).toBe("/v1/chat/completions")
		expect(request.headers.authorization).toBe("Bearer sk-test")
		expect(request.headers["http-referer"]).toBe("https://cairn.dev")
		expect(request.headers["x-stainless-retry-count"]).toBe("0")
		expect(request.headers["openai-organization"]).toBeUndefined()
		const body = request.body as Record<string, unknown>
		expect(body).toMatchObject({
			model: "gpt-5.2",
			stream: true,
			stream_options: { include_usage: true },
		})
		expect(body.tools).toEqual([
			{
				type: "function",
				function: {
					name: "read_file",
					description: readFileTool.description,
					parameters: readFileTool.inputSchema,
				},
			},
		])
		const imageUrl = { type: "image_url", image_url: { url: `data:image/png;base64,${pngBase64}` } }
		expect(body.messages).toEqual([
			{ role: "system", content: "You are Cairn, a coding agent." },
			{ role: "user", content: [{ type: "text", text: "What does a.ts export?" }, imageUrl] },
			{
				role: "assistant",
				content: "Reading a.ts.",
				tool_calls: [
					{
						id: "call_1",
						type: "function",
						function: { name: "read_file", arguments: '{"path":"a.ts"}' },
					},
				],
			},
			{
				role: "tool",
				tool_call_id: "call_1",
				content: "export const a = 1\n\n(An image of this result follows.)",
			},
			{
				role: "user",
				content: [
					{ type: "text", text: "Images from tool result call_1:" },
					imageUrl,
					{ type: "text", text: "Explain it." },
				],
			},
		])
	})

	it("sends tool-only assistant turns with null content, raw unparseable arguments, and error results in words", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(openaiAt(server), {
			messages: [
				{ role: "user", content: [{ type: "text", text: "go" }] },
				{
					role: "assistant",
					content: [{ type: "tool_use", id: "t1", name: "read_file", input: "{broken" }],
				},
				{
					role: "user",
					content: [
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
		const body = server.requests[0]!.body as { messages: unknown[] }
		expect(body.messages.slice(1)).toEqual([
			{ role: "user", content: "go" },
			{
				role: "assistant",
				content: null,
				tool_calls: [
					{ id: "t1", type: "function", function: { name: "read_file", arguments: "{broken" } },
				],
			},
			{ role: "tool", tool_call_id: "t1", content: "Error: bad JSON" },
		])
	})

	it("maps the reasoning budget to reasoning_effort and keeps temperature off reasoning models", async () => {
		const server = await start({ scenario: [{ text: "a" }, { text: "b" }] })
		await drain(openaiAt(server, { reasoningBudgetTokens: 20_000, temperature: 0.3 }))
		await drain(openaiAt(server, { modelId: "gpt-4.1", reasoningBudgetTokens: 20_000, temperature: 0.3 }))
		const [reasoning, plain] = server.requests.map((r) => r.body as Record<string, unknown>)
		expect(reasoning).toMatchObject({ reasoning_effort: "high" })
		expect(reasoning?.temperature).toBeUndefined()
		expect(plain).toMatchObject({ temperature: 0.3 })
		expect(plain?.reasoning_effort).toBeUndefined()
	})

	it("talks to a keyless OpenAI-compatible endpoint through its base URL with the placeholder key", async () => {
		const server = await start({ scenario: [{ text: "local" }] })
		const { chunks } = await drain(openaiAt(server, { modelId: "qwen3-coder" }, "cairn-no-api-key"))
		expect(textOf(chunks)).toBe("local")
		expect(server.requests[0]?.headers.authorization).toBe("Bearer cairn-no-api-key")
	})
})
