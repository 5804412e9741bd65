import { describe, expect, it } from "vitest"
import type { ToolResultBlock } from "../providers/apiMessage.js"
import { toOpenAiMessages } from "../providers/openai/openaiMessages.js"
import { ApiHistory } from "./apiHistory.js"

const text = (t: string) => ({ type: "text" as const, text: t })
const use = (id: string) => ({ type: "tool_use" as const, id, name: "read_file", input: { path: id } })
const result = (id: string, t = "ok"): ToolResultBlock => ({
	type: "tool_result",
	toolUseId: id,
	content: [text(t)],
})

describe("ApiHistory", () => {
	it("keeps roles alternating by merging a user turn into a trailing user message", () => {
		const history = new ApiHistory()
		history.pushUser([text("task")])
		history.pushUser([text("[resumed]")])
		expect(history.all).toHaveLength(1)
		expect(history.all[0]?.content).toEqual([text("task"), text("[resumed]")])
	})

	it("answers every tool_use, inventing an 'interrupted' result for the ones without", () => {
		const history = new ApiHistory()
		history.pushUser([text("task")])
		history.pushAssistant([text("Reading two files."), use("a"), use("b")])
		history.pushUser([text("feedback"), result("b", "contents of b")])
		const next = history.all[2]?.content ?? []
		expect(
			next.map((b) =>
				b.type === "tool_result" ? `result:${b.toolUseId}:${b.isError ?? false}` : b.type,
			),
		).toEqual(["result:a:true", "result:b:false", "text"])
	})

	it("reports the tool uses still waiting for results", () => {
		const history = new ApiHistory()
		history.pushUser([text("task")])
		history.pushAssistant([use("a")])
		expect(history.danglingToolUses().map((u) => u.id)).toEqual(["a"])
		history.pushUser([result("a")])
		expect(history.danglingToolUses()).toEqual([])
	})

	it("lets go of the wire forms kept for messages a shorter view no longer sends", () => {
		const history = new ApiHistory()
		for (let turn = 0; turn < 3; turn++) {
			history.pushUser([text(`user ${turn}`)])
			history.pushAssistant([text(`answer ${turn}`)])
		}
		const sentBefore = toOpenAiMessages("", history.all)
		history.setView({ keepFrom: 3, summary: "turns 0 and 1", omitted: 0 })
		const sentAgain = toOpenAiMessages("", history.all)
		// Messages 1 and 2 (condensed away) are made anew, the others are the forms kept before.
		expect(sentAgain.map((wire, i) => wire === sentBefore[i])).toEqual([
			true,
			false,
			false,
			true,
			true,
			true,
		])
		expect(sentAgain).toEqual(sentBefore)
	})

	it("never stores an empty assistant message", () => {
		const history = new ApiHistory()
		history.pushUser([text("task")])
		history.pushAssistant([])
		expect(history.length).toBe(1)
	})
})
