import { messagePageSize, pageAt, type ClineMessage, type PageAnchor } from "@cairn/types"
import { act, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../../state/store"
import { fromHost, loadTask, say, taskId } from "../../../test/fixtures"
import { renderWithList } from "../../../test/renderWithList"
import { posted } from "../../../test/setup"
import { MessageList } from "../MessageList"
import { firstItemBase, nextFirstItemIndex } from "./useFirstItemIndex"

const transcript = (count: number): ClineMessage[] =>
	Array.from({ length: count }, (_, i) => say("text", i === 0 ? "The task" : `Message ${i}`))
const scroller = () => document.querySelector<HTMLElement>("[data-virtuoso-scroller=true]")
const pageRequests = () => posted.filter((m) => m.type === "requestMessagePage")

function answer(all: ClineMessage[], anchor: PageAnchor): void {
	fromHost({ type: "messagePage", taskId, anchor, ...pageAt(all, anchor) })
}

describe("scrolling up a long task", () => {
	it("asks for the page before the loaded ones at the top, and keeps the rows on screen in place", async () => {
		const all = transcript(1000)
		loadTask(all)
		renderWithList(<MessageList />, 1000, 50)
		await waitFor(() => expect(screen.getByText("Message 999")).toBeTruthy())
		expect(pageRequests()).toEqual([])

		act(() => scroller()?.scrollTo({ top: 0 }))
		const oldestLoaded = all[1000 - messagePageSize]
		await waitFor(() =>
			expect(pageRequests()).toEqual([
				{ type: "requestMessagePage", taskId, anchor: { kind: "before", ts: oldestLoaded?.ts } },
			]),
		)
		answer(all, { kind: "before", ts: oldestLoaded?.ts ?? 0 })
		expect(useWebviewStore.getState().messages).toHaveLength(2 * messagePageSize)
		// The row that was at the top is still in view: the list moved down by what was prepended.
		await waitFor(() => expect(scroller()?.scrollTop).toBeGreaterThan(0))
		expect(screen.getByText(`Message ${1000 - messagePageSize}`)).toBeTruthy()
	})

	it("shows the task's first message as the task only when it is loaded", async () => {
		const all = transcript(300)
		loadTask(all)
		renderWithList(<MessageList />, 1000, 50)
		await waitFor(() => expect(screen.getByText("Message 299")).toBeTruthy())
		act(() => scroller()?.scrollTo({ top: 0 }))
		await waitFor(() => expect(pageRequests()).toHaveLength(1))
		answer(all, { kind: "before", ts: all[100]?.ts ?? 0 })
		expect(useWebviewStore.getState().olderMessages).toBe(0)
		// Scrolled up until the first message shows: the list keeps the row that was on top in view
		// as the page is prepended, which on a busy machine can come after a first scroll and undo it.
		await waitFor(
			() => {
				act(() => scroller()?.scrollTo({ top: 0 }))
				expect(screen.getByText("The task")).toBeTruthy()
			},
			{ timeout: 10_000 },
		)
		// Nothing is older than the task's first message.
		expect(pageRequests()).toHaveLength(1)
	}, 20_000)
})

describe("the list's first item index", () => {
	const rows = transcript(10)
	it("goes down by the rows prepended and up by the rows dropped from the top", () => {
		const start = { rows: rows.slice(5), index: nextFirstItemIndex(undefined, rows.slice(5)) }
		expect(start.index).toBe(firstItemBase)
		expect(nextFirstItemIndex(start, rows)).toBe(firstItemBase - 5)
		expect(nextFirstItemIndex(start, rows.slice(7))).toBe(firstItemBase + 2)
		expect(nextFirstItemIndex(start, [...rows.slice(5), say("text", "new")])).toBe(firstItemBase)
		expect(nextFirstItemIndex(start, transcript(3))).toBe(firstItemBase)
	})
})
