import { describe, expect, it } from "vitest"
import { toAnthropicMessages } from "../anthropic/anthropicMessages.js"
import type { ApiMessage } from "../apiMessage.js"
import { markGeminiSignature, syntheticCallId, toGeminiContents } from "./geminiMessages.js"

const call = (id: string, signature?: string): ApiMessage => ({
	role: "assistant",
	content: [
		...(signature ? [{ type: "reasoning" as const, text: "thinking", signature }] : []),
		{ type: "text", text: "Reading." },
		{ type: "tool_use", id, name: "read_file", input: { path: "a.ts" } },
	],
})
const result = (id: string, isError = false): ApiMessage => ({
	role: "user",
	content: [{ type: "tool_result", toolUseId: id, content: [{ type: "text", text: "boom" }], isError }],
})

describe("toGeminiContents", () => {
	it("puts Gemini's signature back on the first function call, and leaves thought text out", () => {
		const contents = toGeminiContents(
			[call("fc-1", markGeminiSignature("sig")), result("fc-1")],
			"gemini-2.5-pro",
		)
		expect(contents[0]).toEqual({
			role: "model",
			parts: [
				{ text: "Reading." },
				{
					functionCall: { id: "fc-1", name: "read_file", args: { path: "a.ts" } },
					thoughtSignature: "sig",
				},
			],
		})
	})

	it("answers a call by its name, an error as `error`, and sends no id Cairn made up", () => {
		const id = syntheticCallId(0)
		const contents = toGeminiContents([call(id), result(id, true)], "gemini-2.5-flash")
		expect(contents[0]?.parts?.[1]).toEqual({
			functionCall: { name: "read_file", args: { path: "a.ts" } },
		})
		expect(contents[1]?.parts).toEqual([
			{ functionResponse: { name: "read_file", response: { error: "Error: boom" } } },
		])
	})

	it("marks calls Gemini 3 never signed (another provider's) as Google documents, and ignores other signatures", () => {
		const anthropicSigned = call("toolu_1", "anthropic-signature")
		expect(
			toGeminiContents([anthropicSigned], "gemini-3-pro-preview")[0]?.parts?.[1]?.thoughtSignature,
		).toBe("skip_thought_signature_validator")
		expect(
			toGeminiContents([anthropicSigned], "gemini-2.5-pro")[0]?.parts?.[1]?.thoughtSignature,
		).toBeUndefined()
	})

	it("drops empty turns and text, which Gemini refuses", () => {
		const contents = toGeminiContents(
			[
				{ role: "user", content: [{ type: "text", text: "" }] },
				{ role: "assistant", content: [{ type: "text", text: "" }] },
				{ role: "user", content: [{ type: "text", text: "hi" }] },
			],
			"gemini-2.5-pro",
		)
		expect(contents).toEqual([{ role: "user", parts: [{ text: "hi" }] }])
	})
})

describe("Gemini's signatures elsewhere", () => {
	it("are not sent to Anthropic, which refuses a signature it did not make", () => {
		const messages = toAnthropicMessages([call("fc-1", markGeminiSignature("sig"))], false)
		expect(messages[0]?.content).toEqual([
			{ type: "text", text: "Reading." },
			{ type: "tool_use", id: "fc-1", name: "read_file", input: { path: "a.ts" } },
		])
	})
})
