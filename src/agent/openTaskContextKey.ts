import type { Controller } from "@cairn/core"
import * as vscode from "vscode"
import { taskOpenContextKey } from "../ids"

/**
 * Keeps the `cairn.taskOpen` context key in step with the Controller, so the palette offers the
 * commands that act on the current task only while there is one. Snapshots say which task is
 * current (they are sent on every switch and clear); a delta means there is one.
 */
export function trackOpenTask(controller: Controller): vscode.Disposable {
	let open: boolean | undefined
	const set = (value: boolean) => {
		if (value === open) return
		open = value
		void vscode.commands.executeCommand("setContext", taskOpenContextKey, value)
	}
	set(controller.currentTask !== undefined)
	const detach = controller.attach((message) => {
		if (message.type === "state") set(message.state.currentTaskId !== undefined)
		else if (message.type === "messageUpdated") set(true)
	})
	return new vscode.Disposable(() => {
		detach()
		set(false)
	})
}
