import { taskSummaryOf, type ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { TaskSummaryTracker } from "./taskSummaryTracker.js"

let clock = 1_700_000_000_000
const row = (fields: Partial<ClineMessage>): ClineMessage => ({
	ts: ++clock,
	type: "say",
	say: "text",
	...fields,
})
const request = (info: Record<string, unknown>) => row({ say: "api_req_started", text: JSON.stringify(info) })
const todoRow = (content: string) =>
	row({
		say: "tool",
		text: JSON.stringify({ tool: "updateTodoList", todos: [{ id: "1", content, status: "pending" }] }),
	})

/** A transcript that changes as a Task's does: replace by ts, else append. */
function transcript(initial: ClineMessage[]) {
	const messages = [...initial]
	const tracker = new TaskSummaryTracker(() => messages)
	const put = (message: ClineMessage) => {
		const i = messages.findIndex((m) => m.ts === message.ts)
		if (i >= 0) messages[i] = message
		else messages.push(message)
		tracker.observe(message)
		return message
	}
	return { messages, tracker, put }
}

describe("the summary the host keeps per task", () => {
	it("starts from the whole transcript", () => {
		const initial = [
			row({ text: "the task" }),
			request({ request: "r", tokensIn: 5, cost: 0.5 }),
			todoRow("a"),
		]
		const { tracker } = transcript(initial)
		expect(tracker.current).toEqual(taskSummaryOf(initial))
	})

	it("follows a request from streaming to finished without counting it twice", () => {
		const { tracker, put, messages } = transcript([row({ text: "the task" })])
		const streaming = put(request({ request: "r" }))
		put({
			...streaming,
			text: JSON.stringify({ request: "r", tokensIn: 100, tokensOut: 10, cost: 0.25 }),
		})
		put({ ...streaming, text: JSON.stringify({ request: "r", tokensIn: 120, tokensOut: 10, cost: 0.5 }) })
		expect(tracker.current.totals).toMatchObject({ requests: 1, tokensIn: 120, cost: 0.5 })
		expect(tracker.current).toEqual(taskSummaryOf(messages))
	})

	it("reports a change once, and text tokens change nothing", () => {
		const { tracker, put } = transcript([row({ text: "the task" })])
		expect(tracker.takeChange()).toBeUndefined()
		put(todoRow("write tests"))
		expect(tracker.takeChange()?.todos?.todos[0]?.content).toBe("write tests")
		expect(tracker.takeChange()).toBeUndefined()
		const text = put(row({ text: "thinking", partial: true }))
		put({ ...text, text: "thinking more", partial: false })
		expect(tracker.takeChange()).toBeUndefined()
	})

	it("keeps the latest todo list however much text follows it", () => {
		const { tracker, put, messages } = transcript([row({ text: "the task" }), todoRow("first")])
		for (let i = 0; i < 300; i++) put(row({ text: `line ${i}` }))
		expect(tracker.current.todos?.todos[0]?.content).toBe("first")
		put(todoRow("second"))
		expect(tracker.current).toEqual(taskSummaryOf(messages))
	})
})
