import * as vscode from "vscode"
import { commandIds } from "../ids"
import type { ClineProvider } from "../webview/ClineProvider"
import { showAgentTrace } from "./agentTrace"
import { condenseContext } from "./condenseContext"
import { codeAsContext, selectionAsContext } from "./selection"
import { tryDemo } from "./tryDemo"

/** What the person asks about the code, in their language: the chat shows it as their message. */
const codePrompts = {
	[commandIds.explainCode]: () => vscode.l10n.t("Explain what this code does and why:"),
	[commandIds.fixCode]: () => vscode.l10n.t("Find and fix the problems in this code:"),
	[commandIds.improveCode]: () =>
		vscode.l10n.t("Improve this code (readability, performance, correctness), keeping its behaviour:"),
} as const

/** The palette commands, view-title buttons and editor menu entries of package.json's `contributes`. */
export function registerCommands(provider: ClineProvider): vscode.Disposable[] {
	const withSelection = (use: (context: string) => Promise<void>) => async () => {
		const editor = vscode.window.activeTextEditor
		const context = editor && selectionAsContext(editor)
		if (context === undefined) {
			void vscode.window.showInformationMessage(vscode.l10n.t("Select some code first."))
			return
		}
		await use(context)
	}
	/**
	 * From the palette or the editor menu: the selection. From a code action: its document, range
	 * and problems. The request starts a new task unless the open task is still going (working,
	 * or waiting for the person's answer or approval), which it then joins; the chat decides, as
	 * it knows the task's state (webview-ui's `askAboutCode`).
	 */
	const askAbout =
		(command: keyof typeof codePrompts) =>
		async (uri?: vscode.Uri, range?: vscode.Range, diagnostics?: vscode.Diagnostic[]) => {
			const send = (context: string) =>
				provider.showAndSend({
					type: "invoke",
					invoke: "askAboutCode",
					text: `${codePrompts[command]()}\n\n${context}`,
				})
			if (uri instanceof vscode.Uri && range instanceof vscode.Range) {
				const document = await vscode.workspace.openTextDocument(uri)
				const context = codeAsContext(document, range, diagnostics)
				if (context !== undefined) await send(context)
				return
			}
			await withSelection(send)()
		}

	return [
		vscode.commands.registerCommand(commandIds.openInNewTab, () => provider.openInTab()),
		vscode.commands.registerCommand(commandIds.openTaskBoard, () => provider.openBoardInTab()),
		vscode.commands.registerCommand(commandIds.openFleetReport, async () => {
			// The board shows the report: it opens first, the dialog then asks for the folder.
			await provider.showBoard()
			const controller = await provider.controller()
			await controller.handleWebviewMessage({ type: "openFleetReport" }, (message) =>
				provider.sendToBoard(message),
			)
		}),
		vscode.commands.registerCommand(commandIds.newTask, () =>
			provider.showAndSend({ type: "invoke", invoke: "newChat" }),
		),
		vscode.commands.registerCommand(commandIds.history, () =>
			provider.showAndSend({ type: "action", action: "historyButtonClicked" }),
		),
		vscode.commands.registerCommand(commandIds.settings, () =>
			provider.showAndSend({ type: "action", action: "settingsButtonClicked" }),
		),
		vscode.commands.registerCommand(commandIds.mcpServers, () =>
			provider.showAndSend({ type: "action", action: "mcpButtonClicked" }),
		),
		vscode.commands.registerCommand(commandIds.focusChatInput, () =>
			provider.showAndSend({ type: "action", action: "focusInput" }),
		),
		vscode.commands.registerCommand(commandIds.cancelTask, async () =>
			(await provider.controller()).currentTask?.cancel(),
		),
		vscode.commands.registerCommand(commandIds.condenseContext, async () =>
			condenseContext(await provider.controller()),
		),
		vscode.commands.registerCommand(commandIds.toggleAutoApprove, async () => {
			const controller = await provider.controller()
			const enabled = !controller.settingsStore.settings.autoApproval.enabled
			// The person's own act (the palette, a keybinding): a trust setting may change.
			await controller.handleWebviewMessage({
				type: "updateTrustSettings",
				settings: { autoApproval: { enabled } },
			})
			void vscode.window.showInformationMessage(
				enabled
					? vscode.l10n.t("Cairn auto-approval is on.")
					: vscode.l10n.t("Cairn auto-approval is off."),
			)
		}),
		vscode.commands.registerCommand(
			commandIds.addToContext,
			withSelection((context) =>
				provider.showAndSend({ type: "invoke", invoke: "setChatBoxMessage", text: `${context}\n` }),
			),
		),
		vscode.commands.registerCommand(commandIds.explainCode, askAbout(commandIds.explainCode)),
		vscode.commands.registerCommand(commandIds.fixCode, askAbout(commandIds.fixCode)),
		vscode.commands.registerCommand(commandIds.improveCode, askAbout(commandIds.improveCode)),
		vscode.commands.registerCommand(commandIds.tryDemo, () => tryDemo(() => provider.controller())),
		vscode.commands.registerCommand(commandIds.showAgentTrace, async () =>
			showAgentTrace((await provider.controller()).agentTraceFile),
		),
	]
}
