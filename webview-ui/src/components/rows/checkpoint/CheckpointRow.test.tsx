import type { CheckpointSaved, ClineMessage } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../../state/store"
import { say } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { MessageRow } from "../MessageRow"

const commit = "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d"
const earlier = "ffeeddccbbaa99887766554433221100ffeeddcc"
const checkpointRow = (checkpoint: Partial<CheckpointSaved> = {}) =>
	say("checkpoint_saved", commit, {
		checkpoint: { commit, reason: "beforeChange", history: { messages: 2 }, ...checkpoint },
	})
const renderRow = (message: ClineMessage, isFirst = false) =>
	render(<MessageRow message={message} isFirst={isFirst} isLast={false} isCurrentRequest={false} />)
const button = (name: string | RegExp) => screen.getByRole("button", { name })

describe("a checkpoint row", () => {
	it("names the checkpoint and why it was saved", () => {
		renderRow(checkpointRow())
		expect(screen.getByText("Checkpoint 1a2b3c4 (before changes)")).toBeTruthy()
	})

	it("shows a save in progress while the checkpoint at the task's start is written", () => {
		renderRow(say("checkpoint_saved", undefined, { partial: true }))
		expect(screen.getByText("Saving a checkpoint…")).toBeTruthy()
	})

	it("keeps its four actions out of sight as a native list does: icons named by their labels, in the row's hover and focus actions", () => {
		renderRow(checkpointRow())
		const actions = [
			"View changes since checkpoint 1a2b3c4",
			"View all changes of the task",
			"Restore files to checkpoint 1a2b3c4",
			"Restore files and task to checkpoint 1a2b3c4",
		].map((name) => button(name))
		for (const action of actions) {
			// rows.css shows .row-actions on the row's hover and on focus within (a keyboard reaches them).
			expect(action.closest(".row-actions")).not.toBeNull()
			expect(action.textContent).toBe("")
			expect(action.tabIndex).toBe(0)
		}
	})

	it("View changes asks for the diff since this checkpoint, Task changes for the whole task's", () => {
		const row = checkpointRow()
		renderRow(row)
		fireEvent.click(button("View changes since checkpoint 1a2b3c4"))
		fireEvent.click(button("View all changes of the task"))
		expect(posted).toEqual([
			{ type: "checkpointDiff", ts: row.ts, since: "checkpoint" },
			{ type: "checkpointDiff", ts: row.ts, since: "task" },
		])
	})

	it("Restore files & task asks first, says what is not touched, and sends checkpointRestore filesAndTask", () => {
		const row = checkpointRow()
		renderRow(row)
		fireEvent.click(button("Restore files and task to checkpoint 1a2b3c4"))
		expect(posted).toEqual([])
		expect(screen.getByRole("group").textContent).toMatch(/\.env, node_modules/)
		fireEvent.click(screen.getAllByRole("button", { name: "Restore files & task" }).at(-1)!)
		expect(posted).toEqual([{ type: "checkpointRestore", ts: row.ts, mode: "filesAndTask" }])
	})

	it("Cancel leaves the files alone", () => {
		renderRow(checkpointRow())
		fireEvent.click(button("Restore files to checkpoint 1a2b3c4"))
		fireEvent.click(button("Cancel"))
		expect(posted).toEqual([])
		expect(screen.queryByRole("group")).toBeNull()
	})

	it("a restore's row lists what was written, removed and left alone (with why), and can undo the restore", () => {
		const row = checkpointRow({
			reason: "beforeRestore",
			restore: {
				restoredTo: earlier,
				written: ["src/app.ts"],
				removed: ["notes.md"],
				skipped: [
					{ path: ".env", reason: "Cairn never keeps it (secrets, dependencies, build output)" },
				],
				taskRewound: false,
			},
		})
		renderRow(row)
		expect(screen.getByText("Files restored to checkpoint ffeeddc")).toBeTruthy()
		expect(screen.getByText(/1 written back, 1 removed, 1 left alone/)).toBeTruthy()
		fireEvent.click(button("Show left alone"))
		expect(
			screen.getByText(".env: Cairn never keeps it (secrets, dependencies, build output)"),
		).toBeTruthy()
		fireEvent.click(button("Undo this restore"))
		fireEvent.click(button("Restore files"))
		expect(posted).toEqual([{ type: "checkpointRestore", ts: row.ts, mode: "files" }])
	})

	it("checkpoints that could not be saved are said once, as a warning", () => {
		renderRow(
			say(
				"checkpoint_error",
				"Checkpoints are off for this task, so its changes cannot be undone from Cairn: git is not installed",
			),
		)
		expect(screen.getByText("Checkpoints are off for this task")).toBeTruthy()
	})
})

describe("the person's own messages", () => {
	const task = say("text", "Write v1", { checkpoint: { history: { messages: 0 } } })
	const feedback = say("user_feedback", "Also add X", { checkpoint: { history: { messages: 4 } } })

	it("an edit of a message with a checkpoint after it offers to restore files, then resends", () => {
		useWebviewStore.setState({ messages: [task, feedback, checkpointRow()] })
		renderRow(feedback)
		fireEvent.click(button("Edit this message and resend it"))
		fireEvent.change(screen.getByRole("textbox", { name: "Edit your message" }), {
			target: { value: "Add Y instead" },
		})
		fireEvent.click(button("Save and resend"))
		expect(posted).toEqual([])
		fireEvent.click(button("Restore files and resend"))
		expect(posted).toEqual([
			{ type: "editMessage", ts: feedback.ts, text: "Add Y instead", restoreFiles: true },
		])
	})

	it("an edit with nothing changed since resends at once", () => {
		useWebviewStore.setState({ messages: [task, feedback] })
		renderRow(task, true)
		fireEvent.click(button("Edit this message and resend it"))
		fireEvent.change(screen.getByRole("textbox"), { target: { value: "Write v2" } })
		fireEvent.click(button("Save and resend"))
		expect(posted).toEqual([{ type: "editMessage", ts: task.ts, text: "Write v2", restoreFiles: false }])
	})

	it("feedback can be deleted (files restored only when asked); the task's first message cannot", () => {
		useWebviewStore.setState({ messages: [task, feedback, checkpointRow()] })
		const { unmount } = renderRow(feedback)
		fireEvent.click(button("Delete this message and rewind the task to before it"))
		fireEvent.click(button("Delete and restore files"))
		expect(posted).toEqual([{ type: "deleteMessage", ts: feedback.ts, restoreFiles: true }])
		unmount()
		renderRow(task, true)
		expect(screen.queryByRole("button", { name: /Delete this message/ })).toBeNull()
	})

	it("a message saved before messages could be rewound has no edit or delete", () => {
		renderRow(say("user_feedback", "old feedback"))
		expect(screen.queryByRole("button", { name: /Edit this message/ })).toBeNull()
	})
})
