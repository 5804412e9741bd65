import type { ClineMessage } from "@cairn/types"
import { act, fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { delta, fromHost, loadTask, say } from "../../test/fixtures"
import { renderWithList } from "../../test/renderWithList"
import { MessageList } from "./MessageList"

function steps(count: number, label: string): ClineMessage[] {
	return Array.from({ length: count }, (_, i) => say("text", `${label} step ${i}`))
}

const scroller = () => document.querySelector<HTMLElement>("[data-virtuoso-scroller=true]")!
const jump = () => screen.queryByRole("button", { name: "Jump to latest" })

/** The person turns the wheel and the list moves up to its top, as a browser does. */
function personScrollsToTop(): void {
	act(() => {
		scroller().scrollTo({ top: scroller().scrollHeight - scroller().offsetHeight })
	})
	act(() => {
		fireEvent.wheel(scroller(), { deltaY: -4000 })
		scroller().scrollTo({ top: 0 })
	})
}

describe("the transcript follows its end", () => {
	it("offers a way back once the person scrolls up themselves", async () => {
		loadTask(steps(60, "task"))
		renderWithList(<MessageList />, 1000, 50)
		await waitFor(() => expect(screen.getByText("task step 59")).toBeTruthy())
		expect(jump()).toBeNull()
		personScrollsToTop()
		await waitFor(() => expect(jump()).not.toBeNull())
	})

	it("when a subtask returns, its parent opens at its end and its result shows, not Jump to latest", async () => {
		loadTask(steps(60, "subtask"), { currentTaskId: "sub-1" })
		renderWithList(<MessageList />, 1000, 50)
		await waitFor(() => expect(screen.getByText("subtask step 59")).toBeTruthy())
		// The person read back in the subtask; then it finished and its parent came back.
		personScrollsToTop()
		await waitFor(() => expect(jump()).not.toBeNull())
		loadTask(steps(60, "parent"))
		await waitFor(() => expect(screen.getByText("parent step 59")).toBeTruthy())
		fromHost(delta(say("completion_result", "The parent's result"), 1))
		await waitFor(() => expect(screen.getByText("The parent's result")).toBeTruthy())
		expect(jump()).toBeNull()
	})
})
