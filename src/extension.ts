import * as vscode from "vscode"
import { registerCodeActions } from "./commands/codeActions"
import { registerCommands } from "./commands/registerCommands"
import { outputChannelName, sidebarViewId } from "./ids"
import { ClineProvider } from "./webview/ClineProvider"

let provider: ClineProvider | undefined

export function activate(context: vscode.ExtensionContext): void {
	const started = performance.now()
	const log = vscode.window.createOutputChannel(outputChannelName, { log: true })
	provider = new ClineProvider(context, log)
	context.subscriptions.push(
		log,
		vscode.window.registerWebviewViewProvider(sidebarViewId, provider),
		...registerCommands(provider),
		registerCodeActions(),
	)
	log.info(`Cairn ${extensionVersion(context)} activated in ${(performance.now() - started).toFixed(1)} ms`)
}

/** VS Code waits for this: running tasks are stopped and their last writes reach the disk. */
export async function deactivate(): Promise<void> {
	await provider?.dispose()
	provider = undefined
}

function extensionVersion(context: vscode.ExtensionContext): string {
	const version: unknown = (context.extension.packageJSON as { version?: unknown }).version
	return typeof version === "string" ? version : "unknown"
}
