import { countTokens } from "gpt-tokenizer/encoding/cl100k_base"
import { describe, expect, it } from "vitest"
import { countRequestTokens } from "./tokens.js"

const tok = (text: string): number => countTokens(text, { disallowedSpecial: new Set() })

const schema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] }
const toolCost = tok("read_file") + tok("Read a file.") + tok(JSON.stringify(schema))

describe("countRequestTokens: the count rule shared with Cairn's core", () => {
	it("counts text with cl100k_base, special-token text as plain text", async () => {
		expect(tok("hello world")).toBe(2)
		const body = { system: "hello world", messages: [] }
		expect(await countRequestTokens("anthropic", body)).toEqual({ total: 2, tools: 0 })
		const special = { system: "<|endoftext|>", messages: [] }
		expect((await countRequestTokens("anthropic", special)).total).toBe(7)
	})

	it("Anthropic: system + Σ messages (3 + parts) + tools, every block kind", async () => {
		const body = {
			model: "m",
			max_tokens: 100,
			system: [{ type: "text", text: "You are Cairn." }],
			messages: [
				{ role: "user", content: "What does a.ts say?" },
				{
					role: "assistant",
					content: [
						{ type: "thinking", thinking: "Read it.", signature: "sig-not-counted" },
						{ type: "text", text: "Reading." },
						{ type: "tool_use", id: "t1", name: "read_file", input: { path: "a.ts" } },
					],
				},
				{
					role: "user",
					content: [
						{
							type: "tool_result",
							tool_use_id: "t1",
							content: [
								{ type: "text", text: "export const a = 1" },
								{
									type: "image",
									source: { type: "base64", media_type: "image/png", data: "AA" },
								},
							],
						},
						{ type: "tool_result", tool_use_id: "t2", content: "plain" },
						{ type: "image", source: { type: "base64", media_type: "image/png", data: "AA" } },
					],
				},
			],
			tools: [{ name: "read_file", description: "Read a file.", input_schema: schema }],
		}
		const expected =
			tok("You are Cairn.") +
			(3 + tok("What does a.ts say?")) +
			(3 + tok("Read it.") + tok("Reading.") + tok("read_file") + tok('{"path":"a.ts"}')) +
			(3 + (3 + tok("export const a = 1") + 1000) + (3 + tok("plain")) + 1000) +
			toolCost
		expect(await countRequestTokens("anthropic", body)).toEqual({ total: expected, tools: toolCost })
	})

	it("Bedrock: system blocks + Σ messages (3 + blocks) + toolSpecs; cache points count nothing", async () => {
		const cachePoint = { cachePoint: { type: "default" } }
		const body = {
			system: [{ text: "You are Cairn." }, cachePoint],
			messages: [
				{
					role: "user",
					content: [
						{ text: "What does a.ts say?" },
						{ image: { format: "png", source: { bytes: "AA" } } },
					],
				},
				{
					role: "assistant",
					content: [
						{
							reasoningContent: {
								reasoningText: { text: "Read it.", signature: "sig-not-counted" },
							},
						},
						{ text: "Reading." },
						{ toolUse: { toolUseId: "t1", name: "read_file", input: { path: "a.ts" } } },
					],
				},
				{
					role: "user",
					content: [
						{
							toolResult: {
								toolUseId: "t1",
								content: [{ text: "export const a = 1" }, { json: { n: 1 } }],
								status: "success",
							},
						},
						cachePoint,
					],
				},
			],
			toolConfig: {
				tools: [
					{
						toolSpec: {
							name: "read_file",
							description: "Read a file.",
							inputSchema: { json: schema },
						},
					},
				],
			},
		}
		const expected =
			tok("You are Cairn.") +
			(3 + tok("What does a.ts say?") + 1000) +
			(3 + tok("Read it.") + tok("Reading.") + tok("read_file") + tok('{"path":"a.ts"}')) +
			(3 + (3 + tok("export const a = 1") + tok('{"n":1}'))) +
			toolCost
		expect(await countRequestTokens("bedrock", body)).toEqual({ total: expected, tools: toolCost })
	})

	it("OpenAI: system messages are system text; tool calls by their argument string; a tool message is 3 + a tool result", async () => {
		const body = {
			model: "m",
			messages: [
				{ role: "system", content: "You are Cairn." },
				{
					role: "user",
					content: [
						{ type: "text", text: "Look:" },
						{ type: "image_url", image_url: { url: "data:image/png;base64,AA" } },
					],
				},
				{
					role: "assistant",
					content: null,
					reasoning_content: "Read it.",
					tool_calls: [
						{
							id: "c1",
							type: "function",
							function: { name: "read_file", arguments: '{"path": "a.ts"}' },
						},
					],
				},
				{ role: "tool", tool_call_id: "c1", content: "export const a = 1" },
			],
			tools: [
				{
					type: "function",
					function: { name: "read_file", description: "Read a file.", parameters: schema },
				},
			],
		}
		const expected =
			tok("You are Cairn.") +
			(3 + tok("Look:") + 1000) +
			(3 + tok("Read it.") + tok("read_file") + tok('{"path": "a.ts"}')) +
			(3 + 3 + tok("export const a = 1")) +
			toolCost
		expect(await countRequestTokens("openai", body)).toEqual({ total: expected, tools: toolCost })
	})

	it("Ollama: images and thinking on the message, tool call arguments as an object", async () => {
		const body = {
			model: "m",
			messages: [
				{ role: "system", content: "You are Cairn." },
				{ role: "user", content: "Look:", images: ["AA", "BB"] },
				{
					role: "assistant",
					content: "",
					thinking: "Read it.",
					tool_calls: [{ function: { name: "read_file", arguments: { path: "a.ts" } } }],
				},
				{ role: "tool", content: "export const a = 1" },
			],
			tools: [
				{
					type: "function",
					function: { name: "read_file", description: "Read a file.", parameters: schema },
				},
			],
		}
		const expected =
			tok("You are Cairn.") +
			(3 + tok("Look:") + 2000) +
			(3 + tok("Read it.") + tok("read_file") + tok('{"path":"a.ts"}')) +
			(3 + 3 + tok("export const a = 1")) +
			toolCost
		expect(await countRequestTokens("ollama", body)).toEqual({ total: expected, tools: toolCost })
	})

	it("counts what is absent or unreadable as 0", async () => {
		expect(await countRequestTokens("openai", undefined)).toEqual({ total: 0, tools: 0 })
		const odd = {
			messages: [null, { role: "user" }, { role: "user", content: [{ type: "audio" }] }],
			tools: [{}],
		}
		expect(await countRequestTokens("openai", odd)).toEqual({ total: 6, tools: 0 })
	})
})
