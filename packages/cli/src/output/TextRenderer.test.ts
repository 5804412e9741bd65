import { describe, expect, it } from "vitest"
import { createStyle } from "./style.js"
import { TextRenderer } from "./TextRenderer.js"

const condense = { cost: 0.0125, prevContextTokens: 96_400, newContextTokens: 8_200 }

describe("TextRenderer", () => {
	it("prints context management as lines of their own, between the model's text", () => {
		let out = ""
		const renderer = new TextRenderer((text) => (out += text), createStyle(false))
		renderer.event({ type: "assistant", id: "m", delta: "Working", done: false })
		renderer.event({
			type: "system",
			subtype: "context_condensed",
			id: "c",
			...condense,
			summary: "The task so far.",
		})
		renderer.event({ type: "system", subtype: "condense_failed", id: "f", error: "no answer" })
		renderer.event({ type: "system", subtype: "context_truncated", id: "t" })
		expect(out).toBe(
			[
				"Working",
				"⇊ Context condensed: 96.4k → 8,200 tokens ($0.01)",
				"  The task so far.",
				"! Could not condense the context: no answer",
				"⇊ Older messages were dropped to fit the context window",
				"",
			].join("\n"),
		)
	})

	it("prints the todo list the model keeps as its checklist, with how much is done", () => {
		let out = ""
		const renderer = new TextRenderer((text) => (out += text), createStyle(false))
		renderer.event({
			type: "tool_use",
			id: "t",
			name: "update_todo_list",
			kind: "updateTodoList",
			input: {
				todos: [
					{ id: "todo-1", content: "Read the failing test", status: "completed" },
					{ id: "todo-2", content: "Fix the parser", status: "in_progress" },
					{ id: "todo-3", content: "Run the tests", status: "pending" },
				],
			},
			approval: "auto",
		})
		expect(out).toBe(
			[
				"● Update the todo list (1/3 done)",
				"  [x] Read the failing test",
				"  [-] Fix the parser",
				"  [ ] Run the tests",
				"",
			].join("\n"),
		)
	})
})
