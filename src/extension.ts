import * as vscode from "vscode"
import { commandIds, outputChannelName, sidebarViewId } from "./ids"
import { ClineProvider } from "./webview/ClineProvider"

export function activate(context: vscode.ExtensionContext): void {
	const log = vscode.window.createOutputChannel(outputChannelName, { log: true })
	const version = extensionVersion(context)
	const provider = new ClineProvider(context.extensionUri, version, log)

	context.subscriptions.push(
		log,
		provider,
		vscode.window.registerWebviewViewProvider(sidebarViewId, provider),
		vscode.commands.registerCommand(commandIds.openInNewTab, () => {
			provider.openInTab()
		}),
	)
	log.info(`Cairn ${version} activated`)
}

export function deactivate(): void {}

function extensionVersion(context: vscode.ExtensionContext): string {
	const version: unknown = (context.extension.packageJSON as { version?: unknown }).version
	return typeof version === "string" ? version : "unknown"
}
