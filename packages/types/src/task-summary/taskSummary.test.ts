import { describe, expect, it } from "vitest"
import { finishedRequest, say } from "../test-support/messages.js"
import { maxTaskTextLength, taskSummaryOf } from "./taskSummary.js"

const todoRow = (content: string) =>
	say(
		"tool",
		JSON.stringify({ tool: "updateTodoList", todos: [{ id: "1", content, status: "in_progress" }] }),
	)

describe("a task's summary", () => {
	it("sums the whole task and reads its latest todo list, however far back it is", () => {
		const messages = [
			say("text", "Fix the build"),
			finishedRequest({ cost: 0.5, tokensIn: 100, tokensOut: 10 }),
			todoRow("run the tests"),
			...Array.from({ length: 500 }, (_, i) => say("text", `line ${i}`)),
			finishedRequest({ cost: 0.25, tokensIn: 200, tokensOut: 20, contextWindow: 1000 }),
		]
		const summary = taskSummaryOf(messages)
		expect(summary.totals).toMatchObject({ cost: 0.75, tokensIn: 300, tokensOut: 30, requests: 2 })
		expect(summary.context).toMatchObject({ window: 1000, condensing: false })
		expect(summary.todos?.todos[0]?.content).toBe("run the tests")
		expect(summary.taskText).toBe("Fix the build")
		expect(summary.activeIntent).toBeUndefined()
	})

	it("cuts a huge first message to a title's length", () => {
		const summary = taskSummaryOf([say("text", "x".repeat(maxTaskTextLength * 3))])
		expect(summary.taskText).toHaveLength(maxTaskTextLength)
	})

	it("of no task says nothing", () => {
		expect(taskSummaryOf([])).toEqual({
			totals: expect.objectContaining({ requests: 0 }),
			context: { condensing: false },
		})
	})
})
