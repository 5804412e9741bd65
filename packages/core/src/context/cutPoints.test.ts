import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../providers/apiMessage.js"
import { fullView } from "./contextView.js"
import { cutCandidates, earliestCutWithin } from "./cutPoints.js"
import { TokenCounter } from "./tokenCounter.js"

const counter = await TokenCounter.load()
const turn = (i: number, size: number): ApiMessage[] => [
	{
		role: "assistant",
		content: [{ type: "tool_use", id: `t${i}`, name: "read_file", input: { path: "a" } }],
	},
	{
		role: "user",
		content: [
			{
				type: "tool_result",
				toolUseId: `t${i}`,
				content: [{ type: "text", text: "word ".repeat(size) }],
			},
		],
	},
]
const task: ApiMessage = { role: "user", content: [{ type: "text", text: "<task>t</task>" }] }
const history = [task, ...turn(1, 100), ...turn(2, 100), ...turn(3, 100), ...turn(4, 100)]

describe("where the model's view may start", () => {
	it("is at an answer of the model after the current start, the newest included", () => {
		expect(cutCandidates(history, fullView)).toEqual([3, 5, 7])
		expect(cutCandidates(history, { keepFrom: 5, omitted: 0 })).toEqual([7])
	})

	it("is nowhere when only the task and the newest turn are sent", () => {
		expect(cutCandidates(history.slice(0, 3), fullView)).toEqual([])
		expect(earliestCutWithin(history.slice(0, 3), fullView, 10, counter)).toBeUndefined()
	})

	it("keeps as many recent turns as fit the budget", () => {
		const perTurn = counter.messages(turn(9, 100))
		expect(earliestCutWithin(history, fullView, perTurn * 2 + 5, counter)).toBe(5)
		expect(earliestCutWithin(history, fullView, perTurn * 3 + 5, counter)).toBe(3)
	})

	it("keeps the newest turn even when it alone is over the budget", () => {
		expect(earliestCutWithin(history, fullView, 1, counter)).toBe(7)
	})
})
