import type { ClineMessage } from "@cairn/types"
import { screen, waitFor } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ask, delta, finishedRequest, fromHost, loadTask, say } from "../../test/fixtures"
import { renderWithList } from "../../test/renderWithList"
import { MessageList } from "./MessageList"

/** A long task of the usual mix: requests, answers, tool rows. */
function longTranscript(count: number): ClineMessage[] {
	const messages: ClineMessage[] = [say("text", "A long task")]
	for (let i = 1; i < count; i++) {
		if (i % 3 === 0) messages.push(finishedRequest())
		else if (i % 3 === 1) messages.push(say("text", `Step ${i}: I looked at the code.`))
		else messages.push(say("tool", JSON.stringify({ tool: "readFile", path: `src/file${i}.ts` })))
	}
	return messages
}

const probe = { rowRenders: 0 }
const renderedRows = () => document.querySelectorAll(".row").length

/** The list positions itself at the end over a few animation frames before showing rows. */
async function rowsShown(): Promise<number> {
	await waitFor(() => expect(renderedRows()).toBeGreaterThan(0))
	return renderedRows()
}

describe("MessageList", () => {
	beforeEach(() => {
		// The same counter the benchmark reads (see state/renderProbe.ts).
		;(globalThis as { __cairnRenderProbe?: typeof probe }).__cairnRenderProbe = probe
		probe.rowRenders = 0
	})
	afterEach(() => {
		delete (globalThis as { __cairnRenderProbe?: typeof probe }).__cairnRenderProbe
	})

	it("mounts only the rows in view of a 10,000-message task, starting at its end", async () => {
		const messages = longTranscript(10_000)
		loadTask(messages)
		renderWithList(<MessageList />, 1000, 50)
		const mounted = await rowsShown()
		// 1000 px of 50 px rows, plus the list's margin above and below.
		expect(mounted).toBeLessThan(100)
		// The bottom of the task is what shows first.
		const lastStep = messages.findLast((m) => m.text?.startsWith("Step"))
		expect(screen.getByText(lastStep!.text!)).toBeTruthy()
		expect(screen.queryByText("A long task")).toBeNull()
	})

	it("re-renders one row per streaming update, whatever the task's length", async () => {
		const messages = longTranscript(10_000)
		const streaming = say("text", "Thinking", { partial: true })
		loadTask([...messages, streaming], { seq: 1 })
		renderWithList(<MessageList />, 1000, 50)
		await rowsShown()
		for (let i = 0; i < 20; i++) {
			probe.rowRenders = 0
			fromHost(delta({ ...streaming, text: `Thinking${" more".repeat(i + 1)}` }, i + 2))
			expect(probe.rowRenders).toBe(1)
		}
		expect(screen.getByText(`Thinking${" more".repeat(20)}`)).toBeTruthy()
	})

	it("a new message re-renders only itself and the row that stopped being last", async () => {
		loadTask(longTranscript(500), { seq: 1 })
		renderWithList(<MessageList />, 1000, 50)
		await rowsShown()
		probe.rowRenders = 0
		fromHost(delta(say("text", "Done."), 2))
		expect(probe.rowRenders).toBeLessThanOrEqual(2)
		expect(screen.getByText("Done.")).toBeTruthy()
	})

	it("hides bookkeeping messages that have no row", async () => {
		loadTask([
			say("text", "task"),
			say("api_req_finished", "{}"),
			say("api_req_deleted", "{}"),
			say("text", "ok"),
		])
		renderWithList(<MessageList />)
		expect(await rowsShown()).toBe(2)
	})

	it("keeps an approval awaiting when the person edits the todo list after it", async () => {
		const edit = say("user_edit_todos", JSON.stringify({ tool: "updateTodoList", todos: [] }))
		const approval = ask("tool", JSON.stringify({ tool: "readFile", path: "a.ts" }))
		loadTask([say("text", "task"), finishedRequest(), approval, edit])
		renderWithList(<MessageList />)
		await rowsShown()
		expect(screen.getByText("awaiting approval")).toBeTruthy()
	})
})
