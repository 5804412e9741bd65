import { pageAt, type ClineMessage } from "@cairn/types"
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../../state/store"
import { fromHost, loadTask, say, taskId } from "../../../test/fixtures"
import { renderWithList } from "../../../test/renderWithList"
import { posted } from "../../../test/setup"
import { ChatView } from "../ChatView"

const transcript = (count: number): ClineMessage[] =>
	Array.from({ length: count }, (_, i) => say("text", i === 5 ? "the needle is here" : `Message ${i}`))

describe("the find bar", () => {
	it("opens with Ctrl+F, searches the task on the host, and shows the chosen result", async () => {
		const all = transcript(1000)
		loadTask(all)
		renderWithList(<ChatView />, 1000, 50)
		await waitFor(() => expect(screen.getByText("Message 999")).toBeTruthy())

		fireEvent.keyDown(screen.getByRole("main", { name: "Chat" }), { key: "f", ctrlKey: true })
		const input = screen.getByRole("searchbox", { name: "Find in task" })
		expect(document.activeElement).toBe(input)
		fireEvent.change(input, { target: { value: "needle" } })
		fireEvent.submit(input)
		const search = posted.findLast((m) => m.type === "searchTaskMessages")
		expect(search).toMatchObject({ type: "searchTaskMessages", taskId, query: "needle" })
		if (search?.type !== "searchTaskMessages") throw new Error("no search was sent")

		const target = all[5]?.ts ?? 0
		fromHost({
			type: "taskSearchResults",
			taskId,
			requestId: search.requestId,
			query: "needle",
			results: [{ ts: target, snippet: "the needle is here" }],
			truncated: false,
		})
		const bar = screen.getByRole("search", { name: "Find in task" })
		expect(within(bar).getByRole("status").textContent).toBe("1 message contains “needle”.")
		fireEvent.click(screen.getByRole("button", { name: "the needle is here" }))
		const anchor = { kind: "around", ts: target } as const
		expect(posted.at(-1)).toEqual({ type: "requestMessagePage", taskId, anchor })
		fromHost({ type: "messagePage", taskId, anchor, ...pageAt(all, anchor) })
		await waitFor(() => expect(screen.getByRole("log").textContent).toContain("the needle is here"))
	})

	it("says so for an empty search instead of sending it, and Escape closes it", () => {
		loadTask(transcript(3))
		renderWithList(<ChatView />)
		fireEvent.click(screen.getByRole("button", { name: "Find in task" }))
		const input = screen.getByRole("searchbox", { name: "Find in task" })
		fireEvent.change(input, { target: { value: "   " } })
		fireEvent.submit(input)
		expect(screen.getByRole("alert").textContent).toBe("Type something to search for.")
		expect(posted.filter((m) => m.type === "searchTaskMessages")).toEqual([])
		fireEvent.keyDown(input, { key: "Escape" })
		expect(screen.queryByRole("search")).toBeNull()
		expect(useWebviewStore.getState().findOpen).toBe(false)
	})

	it("ignores the results of another task", () => {
		loadTask(transcript(3))
		fromHost({
			type: "taskSearchResults",
			taskId: "another-task",
			requestId: 1,
			query: "x",
			results: [],
			truncated: false,
		})
		expect(useWebviewStore.getState().taskSearch).toBeUndefined()
	})
})
