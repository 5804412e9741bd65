import { describe, expect, it } from "vitest"
import { requestCost } from "../cost.js"
import {
	drain,
	ofType,
	ollamaAt,
	pngBase64,
	readFileTool,
	reasoningOf,
	richHistory,
	sampleArgs,
	textOf,
	useModelServers,
} from "../test-support/providerTesting.js"

const start = useModelServers()

describe("OllamaProvider streaming", () => {
	it("streams content lines that reassemble, then usage from the done line at no cost", async () => {
		const server = await start({
			scenario: [
				{ text: "Hello from Ollama!", textChunks: 4, usage: { inputTokens: 40, outputTokens: 9 } },
			],
		})
		const ollama = ollamaAt(server)
		const { chunks, error } = await drain(ollama)
		expect(error).toBeUndefined()
		expect(ofType(chunks, "text")).toHaveLength(4)
		expect(textOf(chunks)).toBe("Hello from Ollama!")
		expect(chunks.at(-1)).toEqual({ type: "usage", inputTokens: 40, outputTokens: 9 })
		expect(requestCost(ollama.model.info, { inputTokens: 40, outputTokens: 9 })).toBe(0)
	})

	it("streams thinking as reasoning, asking for it only when the model supports reasoning", async () => {
		const server = await start({
			scenario: [
				{ reasoning: "Hmm, let me see.", reasoningChunks: 2, text: "Yes." },
				{ text: "plain" },
			],
		})
		const { chunks } = await drain(ollamaAt(server, { modelInfo: { supportsReasoning: true } }))
		expect(reasoningOf(chunks)).toBe("Hmm, let me see.")
		expect(textOf(chunks)).toBe("Yes.")
		await drain(ollamaAt(server))
		const [thinking, plain] = server.requests.map((r) => r.body as Record<string, unknown>)
		expect(thinking?.think).toBe(true)
		expect(plain?.think).toBeUndefined()
	})

	it("turns a whole tool call into one partial with all the arguments, then one tool_call", async () => {
		const server = await start({
			scenario: [
				{
					toolCalls: [{ id: "call_X", name: "read_file", arguments: sampleArgs }],
					argumentChunks: 7,
				},
			],
		})
		const { chunks } = await drain(ollamaAt(server))
		const json = JSON.stringify(sampleArgs)
		expect(ofType(chunks, "tool_call_partial")).toEqual([
			{ type: "tool_call_partial", index: 0, id: "call_X", name: "read_file", argumentsDelta: json },
		])
		expect(ofType(chunks, "tool_call")).toEqual([
			{ type: "tool_call", index: 0, id: "call_X", name: "read_file", arguments: json },
		])
	})

	it("numbers two tool calls 0 and 1", async () => {
		const server = await start({
			scenario: [
				{
					toolCalls: [
						{ name: "read_file", arguments: { path: "a.ts" } },
						{ name: "read_file", arguments: { path: "b.ts" } },
					],
				},
			],
		})
		const { chunks } = await drain(ollamaAt(server))
		expect(ofType(chunks, "tool_call").map((c) => [c.index, c.arguments])).toEqual([
			[0, '{"path":"a.ts"}'],
			[1, '{"path":"b.ts"}'],
		])
	})

	it("yields nothing but usage for an empty response (the Task decides it is an error)", async () => {
		const server = await start({ scenario: [{ usage: { inputTokens: 3, outputTokens: 1 } }] })
		const { chunks, error } = await drain(ollamaAt(server))
		expect(error).toBeUndefined()
		expect(chunks).toEqual([{ type: "usage", inputTokens: 3, outputTokens: 1 }])
	})
})

describe("OllamaProvider request", () => {
	it("sends the system message, function tools, num_ctx, truncate: false, tool messages by name and images as base64", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(ollamaAt(server, { headers: { "x-proxy": "p" }, temperature: 0.1 }, "ollama-key"), {
			messages: richHistory,
		})
		const request = server.requests[0]!
		expect(request.path).toBe("/api/chat")
		expect(request.headers["x-proxy"]).toBe("p")
		expect(request.headers.authorization).toBe("Bearer ollama-key")
		const body = request.body as Record<string, unknown>
		expect(body).toMatchObject({
			model: "qwen3:8b",
			stream: true,
			options: { num_ctx: 32_768, temperature: 0.1 },
			truncate: false,
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
		expect(body.messages).toEqual([
			{ role: "system", content: "You are Cairn, a coding agent." },
			{ role: "user", content: "What does a.ts export?", images: [pngBase64] },
			{
				role: "assistant",
				content: "Reading a.ts.",
				thinking: "I should read it.",
				tool_calls: [{ function: { name: "read_file", arguments: { path: "a.ts" } } }],
			},
			{
				role: "tool",
				content: "export const a = 1\n\n(An image of this result follows.)",
				tool_name: "read_file",
			},
			{
				role: "user",
				content: "Images from the read_file result:\n\nExplain it.",
				images: [pngBase64],
			},
		])
	})

	it("takes the person's context window as num_ctx and turns thinking off with a budget of 0", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(
			ollamaAt(server, {
				modelInfo: { contextWindow: 131_072, supportsReasoning: true },
				reasoningBudgetTokens: 0,
			}),
		)
		expect(server.requests[0]?.body).toMatchObject({ think: false, options: { num_ctx: 131_072 } })
		expect(server.requests[0]?.headers.authorization).toBeUndefined()
	})
})
