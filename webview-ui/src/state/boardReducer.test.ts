import { describe, expect, it } from "vitest"
import { card, showBoard, updateCard } from "../test/boardFixtures"
import { fromHost } from "../test/fixtures"
import { posted } from "../test/setup"
import { confirmDiscard } from "./boardActions"
import { useWebviewStore } from "./store"

const board = () => useWebviewStore.getState().board

const diffOf = (taskId: string) => ({
	type: "cardDiff" as const,
	taskId,
	base: "main",
	files: [],
	patch: "",
})

describe("the board's part of the store", () => {
	it("takes the host's board whole, keeping a held discard or a diff only for a card still on it", () => {
		showBoard([card("a"), card("b")], 3)
		fromHost(diffOf("a"), diffOf("b"), {
			type: "discardNeedsConfirmation",
			taskId: "b",
			loss: ["x.ts"],
		})
		showBoard([card("b"), card("c")])
		expect(board().order).toEqual(["b", "c"])
		expect(Object.keys(board().diffs)).toEqual(["b"])
		expect(board().pendingLoss).toEqual({ b: ["x.ts"] })
		expect(board().limit).toBe(4)
	})

	it("replaces one card on a delta and leaves the order and every other card as they were", () => {
		showBoard([card("a"), card("b")])
		const { order, cards } = board()
		updateCard(card("a", { cost: 1 }))
		expect(board().order).toBe(order)
		expect(board().cards.b).toBe(cards.b)
		expect(board().cards.a?.cost).toBe(1)
	})

	it("forgets a held discard once the card is discarded, and confirms only a loss the host named", () => {
		showBoard([card("a", { state: "done" })])
		fromHost({ type: "discardNeedsConfirmation", taskId: "a", loss: ["x.ts"] })
		updateCard(card("a", { state: "discarded" }))
		expect(board().pendingLoss).toEqual({})
		// Nothing held: confirming sends nothing.
		confirmDiscard("a")
		expect(posted).toEqual([])
	})

	it("drops a removed card with its diff and held discard", () => {
		showBoard([card("a"), card("b")])
		fromHost(diffOf("a"), { type: "discardNeedsConfirmation", taskId: "a", loss: ["x.ts"] })
		fromHost({ type: "taskCardRemoved", taskId: "a" })
		expect(board().order).toEqual(["b"])
		expect(board().cards.a).toBeUndefined()
		expect(board().diffs).toEqual({})
		expect(board().pendingLoss).toEqual({})
	})
})
