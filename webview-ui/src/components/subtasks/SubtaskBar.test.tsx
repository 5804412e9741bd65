import type { HistoryItem } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask, say, taskId } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { SubtaskBar } from "./SubtaskBar"

const item = (fields: Partial<HistoryItem> & { id: string; task: string }): HistoryItem => ({
	ts: 1,
	tokensIn: 0,
	tokensOut: 0,
	totalCost: 0,
	...fields,
})

describe("SubtaskBar", () => {
	it("in a subtask, offers the way back to the parent by its task text", () => {
		const parent = item({ id: "parent-1", task: "Build the release", ts: 1 })
		const current = item({ id: taskId, task: "Write the changelog", parentTaskId: "parent-1", ts: 2 })
		loadTask([say("text", "Write the changelog")], {
			currentTaskItem: current,
			taskHistory: [current, parent],
			taskStack: ["parent-1", taskId],
		})
		render(<SubtaskBar />)
		fireEvent.click(screen.getByRole("button", { name: /Back to parent:\s*Build the release/ }))
		expect(posted).toContainEqual({ type: "showTaskWithId", taskId: "parent-1" })
	})

	it("in a parent, lists its subtasks in the order they ran, with where each stands", () => {
		const current = item({ id: taskId, task: "Build the release", ts: 1 })
		const second = item({ id: "c2", task: "Tag it", parentTaskId: taskId, ts: 3, status: "active" })
		const first = item({
			id: "c1",
			task: "Write the changelog",
			parentTaskId: taskId,
			ts: 2,
			status: "completed",
			mode: "code",
		})
		loadTask([say("text", "Build the release")], {
			currentTaskItem: current,
			taskHistory: [second, first, current],
		})
		render(<SubtaskBar />)
		const links = screen.getAllByRole("button")
		expect(links.map((link) => link.textContent)).toEqual([
			"code:Write the changelogdone",
			"subtask:Tag itnot finished",
		])
		fireEvent.click(links[1] as HTMLElement)
		expect(posted).toContainEqual({ type: "showTaskWithId", taskId: "c2" })
	})

	it("shows nothing for a task that is neither a subtask nor a parent", () => {
		const current = item({ id: taskId, task: "Alone" })
		loadTask([say("text", "Alone")], { currentTaskItem: current, taskHistory: [current] })
		const { container } = render(<SubtaskBar />)
		expect(container.textContent).toBe("")
	})
})
