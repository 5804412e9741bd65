import type { HistoryItem } from "@cairn/types"
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../i18n/showLanguage"
import { useWebviewStore } from "../../state/store"
import { loadTask } from "../../test/fixtures"
import { renderWithList } from "../../test/renderWithList"
import { posted } from "../../test/setup"
import { HistoryView } from "./HistoryView"

const item = (id: string, ts: number, task: string): HistoryItem => ({
	id,
	ts,
	task,
	tokensIn: 1000,
	tokensOut: 200,
	totalCost: 0.12,
})

const history = [
	item("t-old", 1_700_000_000_000, "Write the README"),
	item("t-new", 1_760_000_000_000, "Fix the flaky login test"),
	item("t-mid", 1_730_000_000_000, "Refactor the login form"),
]

async function renderHistory() {
	loadTask([], { taskHistory: history })
	renderWithList(<HistoryView />)
	await waitFor(() => expect(screen.getAllByRole("article").length).toBeGreaterThan(0))
}

const shownTasks = () => screen.queryAllByRole("article").map((a) => a.getAttribute("aria-label"))

describe("HistoryView", () => {
	it("lists tasks newest first", async () => {
		await renderHistory()
		expect(shownTasks()).toEqual([
			"Fix the flaky login test",
			"Refactor the login form",
			"Write the README",
		])
	})

	it("says a task's price is unknown rather than $0.00, as the header does", async () => {
		const unpriced = {
			...item("t-local", 1_700_000_000_000, "Ask an unlisted model"),
			totalCost: 0,
			unpricedRequests: 2,
		}
		loadTask([], { taskHistory: [unpriced] })
		renderWithList(<HistoryView />)
		const card = await screen.findByRole("article", { name: "Ask an unlisted model" })
		expect(card.textContent).toContain("price unknown")
		expect(card.textContent).not.toContain("$0.00")
	})

	it("shows each subtask under the task that started it", async () => {
		loadTask([], {
			taskHistory: [
				...history,
				{
					...item("t-child", 1_765_000_000_000, "Update the login docs"),
					parentTaskId: "t-mid",
					mode: "architect",
				},
			],
		})
		renderWithList(<HistoryView />)
		await waitFor(() => expect(screen.getAllByRole("article").length).toBe(4))
		expect(shownTasks()).toEqual([
			"Fix the flaky login test",
			"Refactor the login form",
			"Subtask: Update the login docs",
			"Write the README",
		])
		const child = screen.getByRole("article", { name: "Subtask: Update the login docs" })
		expect(child.textContent).toContain("subtask in architect")
	})

	it("searches the task text, every word, any case", async () => {
		await renderHistory()
		const search = screen.getByRole("searchbox", { name: "Search tasks" })
		fireEvent.change(search, { target: { value: "LOGIN fix" } })
		expect(shownTasks()).toEqual(["Fix the flaky login test"])
		fireEvent.change(search, { target: { value: "nothing like this" } })
		expect(shownTasks()).toEqual([])
		expect(screen.getByText("No task matches “nothing like this”.")).toBeTruthy()
	})

	it("opens a task and switches to the chat", async () => {
		useWebviewStore.setState({ view: "history" })
		await renderHistory()
		fireEvent.click(
			within(screen.getByRole("article", { name: "Write the README" })).getByTitle("Open this task"),
		)
		expect(posted).toEqual([{ type: "showTaskWithId", taskId: "t-old" }])
		expect(useWebviewStore.getState().view).toBe("chat")
	})

	it("deletes only after a confirmation", async () => {
		await renderHistory()
		const card = () => screen.getByRole("article", { name: "Write the README" })
		fireEvent.click(within(card()).getByRole("button", { name: "Delete task" }))
		expect(posted).toEqual([])
		fireEvent.click(within(card()).getByRole("button", { name: "Keep" }))
		expect(posted).toEqual([])
		fireEvent.click(within(card()).getByRole("button", { name: "Delete task" }))
		fireEvent.click(within(card()).getByRole("button", { name: "Delete" }))
		expect(posted).toEqual([{ type: "deleteTaskWithId", taskId: "t-old" }])
	})

	it("exports a task", async () => {
		await renderHistory()
		fireEvent.click(
			within(screen.getByRole("article", { name: "Refactor the login form" })).getByRole("button", {
				name: "Export task",
			}),
		)
		expect(posted).toEqual([{ type: "exportTaskWithId", taskId: "t-mid" }])
	})

	it("follows history deltas", async () => {
		await renderHistory()
		useWebviewStore.setState((s) => ({ taskHistory: s.taskHistory.filter((h) => h.id !== "t-new") }))
		await waitFor(() => expect(shownTasks()).toEqual(["Refactor the login form", "Write the README"]))
	})

	it("says so when there is no history", () => {
		loadTask([])
		renderWithList(<HistoryView />)
		expect(screen.getByText(/No tasks yet/)).toBeTruthy()
	})

	it("speaks the person's language: German labels, the search named in the no-match line", async () => {
		await showLanguage("de")
		await renderHistory()
		const search = screen.getByRole("searchbox", { name: "Aufgaben durchsuchen" })
		fireEvent.change(search, { target: { value: "nichts dergleichen" } })
		expect(screen.getByText("Keine Aufgabe passt zu „nichts dergleichen“.")).toBeTruthy()
		fireEvent.change(search, { target: { value: "" } })
		const card = screen.getByRole("article", { name: "Write the README" })
		expect(within(card).getByRole("button", { name: "Aufgabe exportieren" })).toBeTruthy()
		fireEvent.click(within(card).getByRole("button", { name: "Aufgabe löschen" }))
		expect(within(card).getByText("Diese Aufgabe löschen?")).toBeTruthy()
		expect(within(card).getByRole("button", { name: "Behalten" })).toBeTruthy()
	})

	it("names a subtask and its mode in Japanese", async () => {
		await showLanguage("ja")
		loadTask([], {
			taskHistory: [
				item("t-parent", 1_730_000_000_000, "Refactor the login form"),
				{
					...item("t-child", 1_765_000_000_000, "Update the login docs"),
					parentTaskId: "t-parent",
					mode: "architect",
				},
			],
		})
		renderWithList(<HistoryView />)
		const child = await screen.findByRole("article", { name: "サブタスク: Update the login docs" })
		expect(child.textContent).toContain("サブタスク (architect)")
	})
})
