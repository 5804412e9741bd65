import type { Controller } from "@cairn/core"
import * as vscode from "vscode"

/**
 * "Cairn: Condense Context": the request the task header's button sends. The palette shows it only
 * while a task is open (`cairn.taskOpen`); a stale palette or a keybinding can still run it
 * without one, so that case gets a message rather than nothing. The result is a row in the chat;
 * the status bar shows that something is happening until then.
 */
export async function condenseContext(controller: Controller): Promise<void> {
	if (controller.currentTask === undefined) {
		void vscode.window.showInformationMessage(
			vscode.l10n.t("There is no Cairn task to condense. Start one first."),
		)
		return
	}
	let failure: string | undefined
	await vscode.window.withProgress(
		{ location: vscode.ProgressLocation.Window, title: vscode.l10n.t("Cairn: condensing the context") },
		() =>
			controller.handleWebviewMessage({ type: "condenseTaskContextRequest" }, (reply) => {
				if (reply.type === "error") failure = reply.error
			}),
	)
	if (failure !== undefined)
		void vscode.window.showErrorMessage(
			vscode.l10n.t("Cairn could not condense the context: {0}", failure),
		)
}
