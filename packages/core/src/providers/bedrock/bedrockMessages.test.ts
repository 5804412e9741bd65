import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../apiMessage.js"
import { toBedrockMessages, toBedrockSystem, toBedrockTools } from "./bedrockMessages.js"
import { pngBase64, readFileTool } from "../test-support/providerTesting.js"

const user = (text: string): ApiMessage => ({ role: "user", content: [{ type: "text", text }] })
const assistant = (text: string): ApiMessage => ({ role: "assistant", content: [{ type: "text", text }] })
const cachePoint = { cachePoint: { type: "default" } }

describe("the history as Converse messages", () => {
	it("ends the last two user messages with a cache point when caching, and no other", () => {
		const messages = toBedrockMessages(
			[user("one"), assistant("a"), user("two"), assistant("b"), user("three")],
			true,
		)
		expect(messages.map((m) => m.content)).toEqual([
			[{ text: "one" }],
			[{ text: "a" }],
			[{ text: "two" }, cachePoint],
			[{ text: "b" }],
			[{ text: "three" }, cachePoint],
		])
		expect(JSON.stringify(toBedrockMessages([user("one")], false))).not.toContain("cachePoint")
	})

	it("sends images as bytes in their format, and names an image type Converse cannot take", () => {
		const [message] = toBedrockMessages(
			[
				{
					role: "user",
					content: [
						{ type: "image", mediaType: "image/png", data: pngBase64 },
						{ type: "image", mediaType: "image/bmp", data: "Qk0=" },
					],
				},
			],
			false,
		)
		expect(message?.content).toEqual([
			{ image: { format: "png", source: { bytes: Buffer.from(pngBase64, "base64") } } },
			{ text: "[An image of type image/bmp was left out: unsupported.]" },
		])
	})

	it("joins turns of one role that an empty turn left side by side, tool results first", () => {
		const messages = toBedrockMessages(
			[
				{
					role: "assistant",
					content: [{ type: "tool_use", id: "t1", name: "read_file", input: { path: "a" } }],
				},
				user("first"),
				assistant(""),
				{
					role: "user",
					content: [
						{ type: "tool_result", toolUseId: "t1", content: [{ type: "text", text: "body" }] },
					],
				},
			],
			false,
		)
		expect(messages).toEqual([
			{
				role: "assistant",
				content: [{ toolUse: { toolUseId: "t1", name: "read_file", input: { path: "a" } } }],
			},
			{
				role: "user",
				content: [
					{ toolResult: { toolUseId: "t1", content: [{ text: "body" }], status: "success" } },
					{ text: "first" },
				],
			},
		])
	})

	it("puts a cache point after the system prompt when caching, and sends no system for an empty one", () => {
		expect(toBedrockSystem("Be brief.", true)).toEqual([{ text: "Be brief." }, cachePoint])
		expect(toBedrockSystem("Be brief.", false)).toEqual([{ text: "Be brief." }])
		expect(toBedrockSystem("", true)).toBeUndefined()
	})

	it("offers tools as toolSpec with the JSON schema as it is", () => {
		expect(toBedrockTools([readFileTool])).toEqual([
			{
				toolSpec: {
					name: "read_file",
					description: readFileTool.description,
					inputSchema: { json: readFileTool.inputSchema },
				},
			},
		])
	})
})
