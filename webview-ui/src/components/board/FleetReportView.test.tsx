import type { FleetReport } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showBoard, card } from "../../test/boardFixtures"
import { fromHost } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { BoardView } from "./BoardView"

/** A report as the host sends it: the core's summary, a row per record, a broken file. */
const report: FleetReport = {
	folder: "/runs/nightly/results",
	summary: {
		tasks: 2,
		passed: 1,
		failed: 1,
		running: 0,
		cost: 0.75,
		taskTimeMs: 95_000,
		wallTimeMs: 65_000,
		slowest: [
			{ id: "upgrade-b", state: "failed", durationMs: 65_000, cost: 0.5 },
			{ id: "upgrade-a", state: "passed", durationMs: 30_000, cost: 0.25 },
		],
	},
	rows: [
		{
			id: "upgrade-a",
			state: "passed",
			attempt: 1,
			branch: "cairn/upgrade-a",
			commit: "0123456789abcdef0123456789abcdef01234567",
			changes: { files: 3, added: 42, removed: 7 },
			cost: 0.25,
			durationMs: 30_000,
			checksPassed: 2,
			checksFailed: 0,
			checks: [],
			hasDiff: true,
		},
		{
			id: "upgrade-b",
			state: "failed",
			attempt: 2,
			cost: 0.5,
			durationMs: 65_000,
			checksPassed: 0,
			checksFailed: 1,
			checks: [{ command: "npm test", state: "failed", durationMs: 4_000, tail: "1 test failed" }],
			error: "check failed: npm test",
			hasDiff: false,
		},
	],
	unreadable: [{ file: "/runs/nightly/results/upgrade-c.json", error: "not valid JSON: Unexpected end" }],
	notRead: 0,
}

const row = (id: string) => screen.getByRole("row", { name: id })

describe("a fleet run's report on the board", () => {
	it("is opened from the board: the editor's folder dialog, or a recent folder the host named", () => {
		render(<BoardView />)
		fireEvent.click(screen.getByRole("button", { name: "Fleet run report" }))
		expect(posted).toContainEqual({ type: "requestFleetRecentRuns" })
		fromHost({ type: "fleetRecentRuns", folders: ["/runs/nightly/results"] })
		fireEvent.click(screen.getByRole("button", { name: "/runs/nightly/results" }))
		expect(posted).toContainEqual({ type: "openFleetReport", folder: "/runs/nightly/results" })

		fireEvent.click(screen.getByRole("button", { name: "Fleet run report" }))
		fireEvent.click(screen.getByRole("button", { name: "Choose a results folder…" }))
		expect(posted.at(-1)).toEqual({ type: "openFleetReport" })
	})

	it("shows the run's totals, the slowest tasks and a row per task, as the host counted them", () => {
		render(<BoardView />)
		showBoard([card("a", { title: "A board card" })])
		fromHost({ type: "fleetReport", report })
		const shown = screen.getByRole("region", { name: "Fleet run" })
		expect(screen.queryByRole("article", { name: "A board card" })).toBeNull()
		const totals = Object.fromEntries(
			within(shown)
				.getAllByRole("term")
				.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
		)
		expect(totals).toEqual({
			Tasks: "2",
			Passed: "1",
			Failed: "1",
			Unfinished: "0",
			Unreadable: "1",
			Cost: "$0.75",
			"Wall time": "1:05",
			"Task time": "1:35",
		})
		expect(shown.textContent).toContain("Slowest: upgrade-b 1:05, upgrade-a 0:30")
		expect(
			within(row("upgrade-a"))
				.getAllByRole("cell")
				.map((cell) => cell.textContent),
		).toEqual([
			"upgrade-a",
			"Passed",
			"cairn/upgrade-a",
			"01234567",
			"3 files +42 −7",
			"$0.25",
			"0:30",
			"2 passed, 0 failed",
			"",
		])
		expect(within(row("upgrade-b")).getAllByRole("cell")[1]?.textContent).toBe("Failed (attempt 2)")
		expect(row("upgrade-b").textContent).toContain("1 test failed")
		expect(screen.getByRole("group", { name: "Unreadable" }).textContent).toContain(
			"/runs/nightly/results/upgrade-c.json: not valid JSON: Unexpected end",
		)
	})

	it("opens a task's diff where it has one, and its record, then goes back to the cards", () => {
		render(<BoardView />)
		showBoard([card("a", { title: "A board card" })])
		fromHost({ type: "fleetReport", report })
		fireEvent.click(screen.getByRole("button", { name: "Show the diff of upgrade-a" }))
		expect(posted.at(-1)).toEqual({ type: "showFleetTaskDiff", folder: report.folder, id: "upgrade-a" })
		expect(screen.queryByRole("button", { name: "Show the diff of upgrade-b" })).toBeNull()
		fireEvent.click(screen.getByRole("button", { name: "Open the record of upgrade-b" }))
		expect(posted.at(-1)).toEqual({ type: "openFleetTaskRecord", folder: report.folder, id: "upgrade-b" })

		fireEvent.click(screen.getByRole("button", { name: "Close the report" }))
		expect(screen.queryByRole("region", { name: "Fleet run" })).toBeNull()
		expect(screen.getByRole("article", { name: "A board card" })).toBeTruthy()
	})
})

describe("a fleet run's report after the editor reloads the board's page", () => {
	it("is asked for again (a hidden tab's page is reloaded when shown), and not once closed", () => {
		const first = render(<BoardView />)
		fromHost({ type: "fleetReport", report })
		first.unmount()
		posted.length = 0
		const second = render(<BoardView />)
		expect(posted).toContainEqual({ type: "openFleetReport", folder: report.folder })
		fromHost({ type: "fleetReport", report })
		fireEvent.click(screen.getByRole("button", { name: "Close the report" }))
		second.unmount()
		posted.length = 0
		render(<BoardView />)
		expect(posted).toEqual([{ type: "requestTaskBoard" }])
	})
})
