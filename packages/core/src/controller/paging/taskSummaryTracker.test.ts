import { taskSummaryOf, type ClineMessage, type ModelInfo } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { TaskLedger } from "../../ledger/taskLedger.js"
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
	const ledger = new TaskLedger()
	const tracker = new TaskSummaryTracker(
		() => messages,
		() => ledger.totals,
	)
	const put = (message: ClineMessage) => {
		const i = messages.findIndex((m) => m.ts === message.ts)
		if (i >= 0) messages[i] = message
		else messages.push(message)
		tracker.observe(message)
		return message
	}
	const remove = (ts: number) => {
		messages.splice(
			messages.findIndex((m) => m.ts === ts),
			1,
		)
	}
	return { messages, tracker, put, remove, ledger }
}

const info: ModelInfo = {
	contextWindow: 100_000,
	maxOutputTokens: 8_000,
	inputPrice: 3,
	outputPrice: 15,
	supportsImages: false,
	supportsPromptCache: false,
	supportsReasoning: false,
}
const provider = { name: "anthropic" as const, model: { id: "m", info } }

describe("the summary the host keeps per task", () => {
	it("starts from the whole transcript, its totals from the ledger", () => {
		const initial = [
			row({ text: "the task" }),
			request({ request: "r", tokensIn: 5, cost: 0.5 }),
			todoRow("a"),
		]
		const { tracker, ledger } = transcript(initial)
		expect(tracker.current).toEqual({ ...taskSummaryOf(initial), totals: ledger.totals })
	})

	it("carries what the ledger recorded with the next change, and no row's removal lowers it", () => {
		const { tracker, put, remove, ledger } = transcript([row({ text: "the task" })])
		const streaming = put(request({ request: "r" }))
		ledger.record(provider, { inputTokens: 1_000, outputTokens: 100 }, 0.0045, "turn")
		put({
			...streaming,
			text: JSON.stringify({ request: "r", tokensIn: 1_000, tokensOut: 100, cost: 0.0045 }),
		})
		expect(tracker.takeChange()?.totals).toMatchObject({ requests: 1, tokensIn: 1_000, cost: 0.0045 })
		remove(streaming.ts)
		put(row({ text: "after the rewind" }))
		expect(tracker.current.totals).toMatchObject({ requests: 1, tokensIn: 1_000, cost: 0.0045 })
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
		expect(tracker.current.todos).toEqual(taskSummaryOf(messages).todos)
	})
})
