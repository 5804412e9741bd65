import type { HistoryItem } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { historyTree } from "./historyTree"

const item = (id: string, ts: number, parentTaskId?: string): HistoryItem => ({
	id,
	ts,
	task: id,
	tokensIn: 0,
	tokensOut: 0,
	totalCost: 0,
	...(parentTaskId !== undefined && { parentTaskId }),
})
const shape = (items: HistoryItem[]) => historyTree(items).map(({ item, depth }) => `${depth}:${item.id}`)

describe("historyTree", () => {
	it("puts each subtask under its parent, in the order the subtasks ran", () => {
		// Newest first, as the history lists them.
		const items = [
			item("other", 9),
			item("c2", 8, "root"),
			item("g1", 7, "c1"),
			item("c1", 6, "root"),
			item("root", 5),
		]
		expect(shape(items)).toEqual(["0:other", "0:root", "1:c1", "2:g1", "1:c2"])
	})

	it("shows a subtask whose parent is not listed at the top level", () => {
		expect(shape([item("c1", 2, "deleted-parent"), item("x", 1)])).toEqual(["0:c1", "0:x"])
	})

	it("shows every task once even if the links form a cycle", () => {
		expect(shape([item("a", 2, "b"), item("b", 1, "a"), item("self", 0, "self")])).toEqual([
			"0:self",
			"0:a",
			"1:b",
		])
	})
})
