import type { Controller } from "@cairn/core"
import * as vscode from "vscode"
import { sidebarViewId } from "../ids"

/**
 * "Cairn: Try the Demo": what the welcome view's "Try the demo" link asks for (the scripted model,
 * the "Demo (offline)" profile made current, a copy of the sample project opened), for a person
 * who no longer sees the welcome view because they have a profile already. The sidebar is shown
 * first: the demo's banner and its task are there. A failure is said in a notification, as the
 * sidebar may not be listening yet.
 */
export async function tryDemo(controller: () => Promise<Controller>): Promise<void> {
	await vscode.commands.executeCommand(`${sidebarViewId}.focus`)
	const agent = await controller()
	let failure: string | undefined
	await agent.handleWebviewMessage({ type: "startDemo" }, (reply) => {
		if (reply.type === "error") failure = reply.error
	})
	if (failure !== undefined)
		void vscode.window.showErrorMessage(vscode.l10n.t("Cairn could not start the demo: {0}", failure))
}
