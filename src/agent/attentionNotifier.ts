import type { Controller } from "@cairn/core"
import { waitingFor } from "@cairn/types"
import * as vscode from "vscode"

/** Where the person sees Cairn: whether they see it now, and how to take them there. */
export interface CairnView {
	isVisible(): boolean
	show(): Promise<void>
	/** Calls `listener` when no Cairn view is visible any more. */
	onDidHide(listener: () => void): vscode.Disposable
}

export const notifyWhenWaitingSetting = "notifyWhenWaiting"

/**
 * When the agent waits for the person while no Cairn view is visible, says in a notification
 * what it waits for, with a button that shows Cairn: as the ask comes, or when the person hides
 * Cairn while it is still waiting. One notification per ask: an ask is a new message (a new
 * `ts`) when final, and its later updates are not news.
 */
export function notifyWhenWaiting(controller: Controller, view: CairnView): vscode.Disposable {
	let lastNotified: number | undefined
	/** The ask the agent waits on now, until a later message shows it was answered. */
	let waiting: { ts: number; text: string } | undefined

	const notify = (ask: { ts: number; text: string }) => {
		if (ask.ts === lastNotified || view.isVisible()) return
		if (!vscode.workspace.getConfiguration("cairn").get<boolean>(notifyWhenWaitingSetting, true)) return
		lastNotified = ask.ts
		const showCairn = vscode.l10n.t("Show Cairn")
		void vscode.window.showInformationMessage(ask.text, showCairn).then((choice) => {
			if (choice === showCairn) void view.show()
		})
	}

	const detach = controller.attach((message) => {
		if (message.type !== "messageUpdated") return
		const text = waitingFor(message.message)
		if (text !== undefined) {
			waiting = { ts: message.message.ts, text }
			notify(waiting)
		} else if (waiting !== undefined && message.message.ts >= waiting.ts) waiting = undefined
	})
	// The view's visibility reaches this process a moment after the person hides it: an ask that
	// came in between is told of then.
	const hidden = view.onDidHide(() => {
		if (waiting !== undefined) notify(waiting)
	})
	return new vscode.Disposable(() => {
		detach()
		hidden.dispose()
	})
}
