import type { Controller } from "@cairn/core"
import { waitingFor } from "@cairn/types"
import * as vscode from "vscode"

/** Where the person sees Cairn: whether they see it now, and how to take them there. */
export interface CairnView {
	isVisible(): boolean
	show(): Promise<void>
}

export const notifyWhenWaitingSetting = "notifyWhenWaiting"

/**
 * When the agent starts waiting for the person while no Cairn view is visible, says in a
 * notification what it waits for, with a button that shows Cairn. One notification per ask: an
 * ask is a new message (a new `ts`) when final, and its later updates are not news.
 */
export function notifyWhenWaiting(controller: Controller, view: CairnView): vscode.Disposable {
	let lastNotified: number | undefined
	const detach = controller.attach((message) => {
		if (message.type !== "messageUpdated") return
		const text = waitingFor(message.message)
		if (text === undefined || message.message.ts === lastNotified) return
		lastNotified = message.message.ts
		if (view.isVisible()) return
		if (!vscode.workspace.getConfiguration("cairn").get<boolean>(notifyWhenWaitingSetting, true)) return
		const showCairn = vscode.l10n.t("Show Cairn")
		void vscode.window.showInformationMessage(text, showCairn).then((choice) => {
			if (choice === showCairn) void view.show()
		})
	})
	return new vscode.Disposable(detach)
}
