import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../providers/apiMessage.js"
import { imageTokens, TokenCounter } from "./tokenCounter.js"

const counter = await TokenCounter.load()

describe("counting the tokens of a request", () => {
	it("counts text with a real BPE, not characters / 4", () => {
		expect(counter.text("hello world")).toBe(2)
		expect(counter.text("")).toBe(0)
		// Code and prose differ in characters per token; a BPE sees that, a division does not.
		const spaces = " ".repeat(4_000)
		expect(counter.text(spaces)).toBeLessThan(4_000 / 4 / 4)
	})

	it("treats control-token text in a file as plain text", () => {
		expect(counter.text("a <|endoftext|> b")).toBeGreaterThan(3)
	})

	it("counts a huge unbroken run quickly and close to its whole count", () => {
		const text = "x".repeat(400_000)
		expect(counter.text(text)).toBeGreaterThan(40_000)
		expect(counter.text(text)).toBeLessThan(60_000)
	})

	it("adds 3 per message, the tool call's name and arguments, a result's content, 1,000 per image", () => {
		const message: ApiMessage = {
			role: "assistant",
			content: [{ type: "tool_use", id: "x", name: "read_file", input: { path: "a.ts" } }],
		}
		expect(counter.message(message)).toBe(3 + counter.text("read_file") + counter.text('{"path":"a.ts"}'))
		const result: ApiMessage = {
			role: "user",
			content: [
				{
					type: "tool_result",
					toolUseId: "x",
					content: [
						{ type: "text", text: "abc" },
						{ type: "image", mediaType: "image/png", data: "AAAA" },
					],
				},
			],
		}
		expect(counter.message(result)).toBe(3 + 3 + counter.text("abc") + imageTokens)
	})

	it("counts the system prompt and the tools' names, descriptions and schemas", () => {
		const tools = [{ name: "t", description: "does t", inputSchema: { type: "object" } }]
		expect(counter.request({ systemPrompt: "be brief", messages: [], tools })).toBe(
			counter.text("be brief") +
				counter.text("t") +
				counter.text("does t") +
				counter.text('{"type":"object"}'),
		)
	})
})

describe("counting a history request after request", () => {
	it("counts a history that grows, is merged into and rewound in place as a fresh count does", () => {
		const counter = TokenCounter.approximate()
		const history: ApiMessage[] = [
			{ role: "user", content: [{ type: "text", text: "Write the files." }] },
		]
		const fresh = () => history.reduce((tokens, message) => tokens + counter.message(message), 0)
		const steps: (() => void)[] = [
			() => history.push({ role: "assistant", content: [{ type: "text", text: "Writing them now." }] }),
			() => history.push({ role: "user", content: [{ type: "text", text: "And the tests." }] }),
			() => history.at(-1)!.content.push({ type: "text", text: "merged into the last message" }),
			() => history.at(-1)!.content.splice(1),
			() => history.splice(1),
		]
		for (const step of [() => {}, ...steps, () => {}]) {
			step()
			expect(counter.messages(history)).toBe(fresh())
		}
	})
})

describe("the upper bound that spares loading the tokenizer", () => {
	it("never counts less than the tokenizer, in any script", () => {
		const bound = TokenCounter.upperBound()
		const texts = [
			"hello world",
			" ".repeat(4_000),
			"x".repeat(10_000),
			"函数返回一个新的数组，其中包含所有元素",
			"Привет, мир! Ещё один тест.",
			"emoji 🎉🚀 and <|endoftext|> too",
			'{"path":"src/a.ts","content":"export const a = 1\\n"}',
		]
		for (const text of texts) expect(bound.text(text)).toBeGreaterThanOrEqual(counter.text(text))
		const message: ApiMessage = {
			role: "user",
			content: [
				{ type: "text", text: texts.join("\n") },
				{ type: "tool_result", toolUseId: "t", content: [{ type: "text", text: texts[3] ?? "" }] },
			],
		}
		expect(bound.message(message)).toBeGreaterThanOrEqual(counter.message(message))
	})
})
