import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { card, showBoard, updateCard } from "../../test/boardFixtures"
import { BoardView } from "./BoardView"

describe("the board's total", () => {
	it("adds up what every card on the board has cost, and follows a card's cost as it grows", () => {
		render(<BoardView />)
		showBoard([card("a", { title: "A", cost: 0.5 }), card("b", { title: "B", cost: 0.25 })])
		expect(screen.getByTitle("What the tasks on the board have cost together so far").textContent).toBe(
			"Total $0.75",
		)
		expect(screen.getByRole("article", { name: "A" }).textContent).toContain("$0.50")

		updateCard(card("b", { title: "B", cost: 1.25 }))
		expect(screen.getByTitle("What the tasks on the board have cost together so far").textContent).toBe(
			"Total $1.75",
		)
	})

	it("counts a subtask once: its parent's card shows the subtask's cost with its own", () => {
		render(<BoardView />)
		showBoard([
			card("parent", { title: "Plan", cost: 0.75, subtasksCost: 0.5 }),
			card("child", { title: "The part", cost: 0.5 }),
		])
		expect(screen.getByTitle("What the tasks on the board have cost together so far").textContent).toBe(
			"Total $0.75",
		)
		expect(screen.getByRole("article", { name: "Plan" }).textContent).toContain("$0.75")
	})

	it("is not shown on an empty board", () => {
		render(<BoardView />)
		showBoard([])
		expect(screen.queryByText(/^Total/)).toBeNull()
	})
})
