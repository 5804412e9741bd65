import { describe, expect, it } from "vitest"
import { requestCost } from "../cost.js"
import { isGeminiSignature } from "./geminiMessages.js"
import { thinkingConfig } from "./geminiProvider.js"
import {
	drain,
	geminiAt,
	ofType,
	readFileTool,
	reasoningOf,
	richHistory,
	sampleArgs,
	textOf,
	useModelServers,
} from "../test-support/providerTesting.js"

const start = useModelServers()

type Body = {
	contents: { role: string; parts: Record<string, unknown>[] }[]
	systemInstruction?: unknown
	tools?: { functionDeclarations: { name: string; parametersJsonSchema: unknown }[] }[]
	generationConfig?: Record<string, unknown>
}

describe("GeminiProvider streaming", () => {
	it("streams text, then usage as running totals with cached tokens apart, priced by the catalog", async () => {
		const server = await start({
			scenario: [
				{
					text: "Hello from Gemini!",
					textChunks: 3,
					usage: { inputTokens: 1_000, outputTokens: 50, cacheReadInputTokens: 4_000 },
				},
			],
		})
		const gemini = geminiAt(server)
		const { chunks, error } = await drain(gemini)
		expect(error).toBeUndefined()
		expect(ofType(chunks, "text")).toHaveLength(3)
		expect(textOf(chunks)).toBe("Hello from Gemini!")
		const usage = ofType(chunks, "usage")
		expect(usage.at(-1)).toEqual({
			type: "usage",
			inputTokens: 1_000,
			outputTokens: 50,
			cacheReadTokens: 4_000,
		})
		// gemini-2.5-pro: $1.25 / M input, $10 / M output, $0.125 / M cached input (up to 200k).
		const { type: _, ...counts } = usage.at(-1)!
		expect(requestCost(gemini.model.info, counts)).toBeCloseTo(
			(1_000 * 1.25 + 50 * 10 + 4_000 * 0.125) / 1e6,
			10,
		)
	})

	it("sends the system prompt, the tools as JSON Schema, the output cap and the thinking budget", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(geminiAt(server, { reasoningBudgetTokens: 2_048, temperature: 0.3 }))
		const request = server.requests[0]
		expect(request?.path).toBe("/v1beta/models/gemini-2.5-pro:streamGenerateContent")
		const body = request?.body as Body
		expect(body.systemInstruction).toEqual({
			parts: [{ text: "You are Cairn, a coding agent." }],
			role: "user",
		})
		expect(body.tools?.[0]?.functionDeclarations[0]).toEqual({
			name: "read_file",
			description: readFileTool.description,
			parametersJsonSchema: { ...readFileTool.inputSchema, type: "object" },
		})
		expect(body.generationConfig).toMatchObject({
			temperature: 0.3,
			maxOutputTokens: expect.any(Number),
			thinkingConfig: { includeThoughts: true, thinkingBudget: 2_048 },
		})
	})

	it("streams thoughts as reasoning, keeps the thought signature and sends it back on the call it signed", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "Let me look.",
					reasoningChunks: 2,
					reasoningSignature: "sig-gemini-1",
					toolCalls: [{ name: "read_file", arguments: { path: "a.ts" } }],
				},
				{ text: "done" },
			],
		})
		const gemini = geminiAt(server)
		const { chunks } = await drain(gemini)
		expect(reasoningOf(chunks)).toBe("Let me look.")
		const signature = ofType(chunks, "reasoning").find((chunk) => chunk.signature)?.signature
		expect(signature && isGeminiSignature(signature)).toBe(true)
		const call = ofType(chunks, "tool_call")[0]!
		await drain(gemini, {
			messages: [
				{ role: "user", content: [{ type: "text", text: "Read a.ts" }] },
				{
					role: "assistant",
					content: [
						{ type: "reasoning", text: "Let me look.", signature: signature! },
						{ type: "tool_use", id: call.id, name: call.name, input: { path: "a.ts" } },
					],
				},
				{
					role: "user",
					content: [
						{ type: "tool_result", toolUseId: call.id, content: [{ type: "text", text: "x" }] },
					],
				},
			],
		})
		const body = server.requests[1]?.body as Body
		expect(body.contents[1]).toEqual({
			role: "model",
			parts: [
				{
					functionCall: { name: "read_file", args: { path: "a.ts" } },
					thoughtSignature: "sig-gemini-1",
				},
			],
		})
		expect(body.contents[2]?.parts[0]).toEqual({
			functionResponse: { name: "read_file", response: { output: "x" } },
		})
	})

	it("turns a whole function call into one partial with all the arguments, then the call, with a made-up id", async () => {
		const server = await start({
			scenario: [{ toolCalls: [{ name: "read_file", arguments: sampleArgs }] }],
		})
		const { chunks } = await drain(geminiAt(server))
		const json = JSON.stringify(sampleArgs)
		const [partial] = ofType(chunks, "tool_call_partial")
		const [call] = ofType(chunks, "tool_call")
		expect(partial).toMatchObject({ index: 0, name: "read_file", argumentsDelta: json })
		expect(call).toMatchObject({ index: 0, name: "read_file", arguments: json })
		expect(call?.id).toBe(partial?.id)
		expect(call?.id).toMatch(/^gemini_call_/)
	})

	it("keeps an id Gemini gave a call, numbers two calls 0 and 1", async () => {
		const server = await start({
			scenario: [
				{
					toolCalls: [
						{ id: "fc-1", name: "read_file", arguments: { path: "a.ts" } },
						{ id: "fc-2", name: "read_file", arguments: { path: "b.ts" } },
					],
				},
			],
		})
		const { chunks } = await drain(geminiAt(server))
		expect(ofType(chunks, "tool_call").map((c) => [c.index, c.id])).toEqual([
			[0, "fc-1"],
			[1, "fc-2"],
		])
	})

	it("sends a history with images, reasoning, calls and results as Gemini contents", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(geminiAt(server), { messages: richHistory })
		const body = server.requests[0]?.body as Body
		expect(body.contents.map((content) => content.role)).toEqual(["user", "model", "user"])
		expect(body.contents[0]?.parts[1]).toEqual({
			inlineData: { mimeType: "image/png", data: expect.any(String) },
		})
		// Anthropic's signature is not Gemini's: it is not sent.
		expect(body.contents[1]?.parts).toEqual([
			{ text: "Reading a.ts." },
			{ functionCall: { id: "call_1", name: "read_file", args: { path: "a.ts" } } },
		])
		expect(body.contents[2]?.parts).toEqual([
			{
				functionResponse: {
					id: "call_1",
					name: "read_file",
					response: { output: "export const a = 1\n\n(An image of this result follows.)" },
				},
			},
			{ inlineData: { mimeType: "image/png", data: expect.any(String) } },
			{ text: "Explain it." },
		])
	})

	it("turns thinking off with a budget of 0, except on Pro models, which refuse it: there the thoughts are hidden", () => {
		expect(thinkingConfig("gemini-2.5-flash", 0)).toEqual({ includeThoughts: false, thinkingBudget: 0 })
		expect(thinkingConfig("gemini-2.5-pro", 0)).toEqual({ includeThoughts: false })
		expect(thinkingConfig("gemini-3-pro-preview", undefined)).toEqual({ includeThoughts: true })
	})
})
