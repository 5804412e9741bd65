import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../providers/apiMessage.js"
import { fullView, isCutPoint, viewMessages } from "./contextView.js"

const user = (text: string): ApiMessage => ({ role: "user", content: [{ type: "text", text }] })
const call = (id: string): ApiMessage => ({
	role: "assistant",
	content: [{ type: "tool_use", id, name: "read_file", input: { path: "a.ts" } }],
})
const result = (id: string): ApiMessage => ({
	role: "user",
	content: [{ type: "tool_result", toolUseId: id, content: [{ type: "text", text: "content" }] }],
})
const history = [
	user("<task>fix it</task>"),
	call("1"),
	result("1"),
	call("2"),
	result("2"),
	call("3"),
	result("3"),
]

describe("the model's view of the history", () => {
	it("is the whole history until something is condensed or dropped", () => {
		expect(viewMessages(history, fullView)).toBe(history)
	})

	it("sends the task, the summary in the task's message, and the messages from the cut on", () => {
		const sent = viewMessages(history, { keepFrom: 5, summary: "Read a.ts twice.", omitted: 0 })
		expect(sent).toHaveLength(3)
		expect(sent[0]?.content[0]).toEqual({ type: "text", text: "<task>fix it</task>" })
		expect(JSON.stringify(sent[0]?.content[1])).toContain("Read a.ts twice.")
		expect(sent.slice(1)).toEqual(history.slice(5))
	})

	it("keeps roles alternating and every tool_result next to its tool_use", () => {
		const sent = viewMessages(history, { keepFrom: 3, summary: "s", omitted: 0 })
		sent.forEach((message, i) => expect(message.role).toBe(i % 2 === 0 ? "user" : "assistant"))
		const uses = sent.flatMap((m) => m.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])))
		const results = sent.flatMap((m) =>
			m.content.flatMap((b) => (b.type === "tool_result" ? [b.toolUseId] : [])),
		)
		expect(results).toEqual(uses)
	})

	it("says how many messages were dropped without a summary", () => {
		const sent = viewMessages(history, { keepFrom: 5, omitted: 4 })
		expect(JSON.stringify(sent[0]?.content.at(-1))).toContain("4 older messages were removed")
	})

	it("never changes the full history", () => {
		const before = structuredClone(history)
		viewMessages(history, { keepFrom: 3, summary: "s", omitted: 0 })
		expect(history).toEqual(before)
	})

	it("may only start at an answer of the model", () => {
		expect(isCutPoint(history, 3)).toBe(true)
		expect(isCutPoint(history, 4)).toBe(false)
		expect(isCutPoint(history, 0)).toBe(false)
		expect(isCutPoint(history, 99)).toBe(false)
	})
})
