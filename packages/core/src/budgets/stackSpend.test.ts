import type { HistoryItem, TaskTotals } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { stackSpentOnRecord } from "./stackSpend.js"

const item = (id: string, tokensIn: number, cost: number, links: Partial<HistoryItem> = {}): HistoryItem => ({
	id,
	ts: 1,
	task: id,
	tokensIn,
	tokensOut: 0,
	totalCost: cost,
	...links,
})
const totals = (tokensIn: number, cost: number): TaskTotals => ({
	requests: 1,
	tokensIn,
	tokensOut: 0,
	cacheReads: 0,
	cacheWrites: 0,
	cost,
})

describe("where a task read back starts its task budget", () => {
	it("is its own ledger when it has no parent", () => {
		expect(stackSpentOnRecord("root", totals(700, 0.7), [item("root", 500, 0.5)])).toEqual({
			cost: 0.7,
			tokens: 700,
		})
	})

	it("is its root's whole stack for a subtask, plus what it spent that its parents never heard of", () => {
		const history = [
			item("root", 900, 0.9),
			item("middle", 600, 0.6, { parentTaskId: "root", rootTaskId: "root" }),
			item("leaf", 200, 0.2, { parentTaskId: "middle", rootTaskId: "root" }),
		]
		// The leaf's ledger has 50 tokens its item (and so its parents) never got.
		expect(stackSpentOnRecord("leaf", totals(250, 0.25), history)).toEqual({ cost: 0.95, tokens: 950 })
		expect(stackSpentOnRecord("middle", totals(600, 0.6), history)).toEqual({ cost: 0.9, tokens: 900 })
	})
})
