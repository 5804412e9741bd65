import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { card, doneInWorktree, showBoard } from "../../test/boardFixtures"
import { fromHost } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { BoardView } from "./BoardView"

/** One prompt sent to three profiles: three cards of one group. */
function bestOfThree() {
	render(<BoardView />)
	const shared = { title: "Speed up the parser", group: "g1" }
	showBoard([
		doneInWorktree("a", {
			...shared,
			profileName: "Claude",
			modelId: "claude-test",
			cost: 0.3,
			changes: { files: 2, added: 10, removed: 4 },
			checks: { state: "passed", command: "npm test" },
		}),
		doneInWorktree("b", {
			...shared,
			profileName: "GPT",
			modelId: "gpt-test",
			cost: 0.05,
			endedAt: 1_760_000_000_000 + 125_000,
			changes: { files: 5, added: 120, removed: 30 },
			checks: { state: "failed", command: "npm test" },
		}),
		card("c", { ...shared, profileName: "Local", modelId: "qwen" }),
		card("other", { title: "Something else" }),
	])
	fireEvent.click(
		within(screen.getAllByRole("article", { name: "Speed up the parser" })[0]!).getByRole("button", {
			name: "Compare best of N",
		}),
	)
	return screen.getByRole("region", { name: "Best of N: Speed up the parser" })
}

const column = (table: HTMLElement, header: string) => {
	const headers = within(table)
		.getAllByRole("columnheader")
		.map((th) => th.textContent)
	const index = headers.indexOf(header)
	return within(table)
		.getAllByRole("row")
		.slice(1)
		.map((row) => row.children[index]?.textContent)
}

describe("the best-of-N compare view", () => {
	it("shows the group's cards side by side: state, changes, cost, time and checks", () => {
		const compare = bestOfThree()
		const table = within(compare).getByRole("table")
		expect(
			within(table)
				.getAllByRole("columnheader")
				.map((th) => th.textContent),
		).toEqual(["Compared", "Claude · claude-test", "GPT · gpt-test", "Local · qwen"])
		expect(column(table, "Claude · claude-test").slice(0, 5)).toEqual([
			"Done",
			"2 files +10 -4",
			"$0.30",
			"1:05",
			"Checks passed",
		])
		expect(column(table, "GPT · gpt-test").slice(0, 5)).toEqual([
			"Done",
			"5 files +120 -30",
			"$0.05",
			"2:05",
			"Checks failed",
		])
		expect(column(table, "Local · qwen")[0]).toBe("Running")
		expect(compare.textContent).not.toContain("Something else")
	})

	it("lands one and discards the rest, each discard confirmed by name when it would lose work", () => {
		const compare = bestOfThree()
		const claude = within(compare).getByRole("group", { name: "Claude · claude-test" }).parentElement!
		fireEvent.click(within(claude).getByRole("button", { name: "Merge into the current branch" }))
		expect(posted.at(-1)).toEqual({ type: "landCard", taskId: "a", how: "merge" })
		// A task still running is no result to keep yet.
		expect(
			within(compare).queryByRole("button", { name: "Keep Local · qwen, discard the others" }),
		).toBeNull()
		fireEvent.click(
			within(claude).getByRole("button", { name: "Keep Claude · claude-test, discard the others" }),
		)
		// Only the finished one holds a worktree to discard; the running one is cancelled from its card.
		expect(posted.at(-1)).toEqual({ type: "discardCard", taskId: "b" })
		fromHost({ type: "discardNeedsConfirmation", taskId: "b", loss: ["src/parser.ts"] })
		const dialog = within(compare).getByRole("alertdialog", { name: "Discard GPT · gpt-test?" })
		expect(dialog.textContent).toContain("src/parser.ts")
		fireEvent.click(within(dialog).getByRole("button", { name: "Discard and lose them" }))
		expect(posted.at(-1)).toEqual({ type: "discardCard", taskId: "b", confirmedLoss: ["src/parser.ts"] })
	})

	it("goes back to the board when closed", () => {
		const compare = bestOfThree()
		fireEvent.click(within(compare).getByRole("button", { name: "Close the comparison" }))
		expect(screen.getAllByRole("article")).toHaveLength(4)
	})
})
