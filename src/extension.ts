import { CairnApi } from "@cairn/core/api"
import type { CairnAPI } from "@cairn/types"
import * as vscode from "vscode"
import { AgentLoader } from "./agent/AgentLoader"
import { serveIpcSocket, type IpcSocket } from "./api/ipcSocket"
import { takeLaunchEnvironment } from "./api/launchEnvironment"
import { registerCodeActions } from "./commands/codeActions"
import { registerCommands } from "./commands/registerCommands"
import { boardViewId, outputChannelName, sidebarViewId } from "./ids"
import { ClineProvider } from "./webview/ClineProvider"

let running: { provider: ClineProvider; agent: AgentLoader; ipc: IpcSocket | undefined } | undefined

/**
 * Returns the public API (see docs/api.md): usable at once, whether or not the webview was ever
 * opened; the agent loads on the first call that needs it.
 */
export function activate(context: vscode.ExtensionContext): CairnAPI {
	const started = performance.now()
	// First: nothing this extension host starts later may inherit the socket's path or token.
	const launch = takeLaunchEnvironment()
	const log = vscode.window.createOutputChannel(outputChannelName, { log: true })
	const api: CairnApi = new CairnApi({
		load: async () => (await agent.load()).api,
		isReady: () => agent.isLoaded,
		onListenerError: (event, error) =>
			log.error(`A listener of the API event "${event}" threw: ${String(error)}`),
	})
	const agent: AgentLoader = new AgentLoader(
		context,
		log,
		api,
		{
			isVisible: (): boolean => provider.isVisible(),
			show: (): Promise<void> => provider.show(),
			onDidHide: (listener: () => void): vscode.Disposable => provider.onDidHide(listener),
			board: {
				isVisible: (): boolean => provider.isBoardVisible(),
				show: (): Promise<void> => provider.showBoard(),
				setBadge: (count: number, tooltip: string): void => provider.setBoardBadge(count, tooltip),
			},
		},
		{ mayChangeTrust: launch.mayChangeTrust },
	)
	const provider = new ClineProvider(context, log, agent)
	context.subscriptions.push(
		log,
		vscode.window.registerWebviewViewProvider(sidebarViewId, provider),
		vscode.window.registerWebviewViewProvider(boardViewId, provider),
		...registerCommands(provider),
		registerCodeActions(),
	)
	if (launch.mayChangeTrust)
		log.warn(
			"CAIRN_API_MAY_CHANGE_TRUST_SETTINGS=1: the API and the IPC socket may change trust settings",
		)
	const ipc =
		launch.ipc &&
		serveIpcSocket(launch.ipc, agent, log, (message) => void vscode.window.showErrorMessage(message))
	running = { provider, agent, ipc }
	log.info(`Cairn ${extensionVersion(context)} activated in ${(performance.now() - started).toFixed(1)} ms`)
	return api
}

/** VS Code waits for this: running tasks are stopped and their last writes reach the disk. */
export async function deactivate(): Promise<void> {
	const stopping = running
	running = undefined
	await stopping?.ipc?.close()
	stopping?.provider.dispose()
	await stopping?.agent.dispose()
}

function extensionVersion(context: vscode.ExtensionContext): string {
	const version: unknown = (context.extension.packageJSON as { version?: unknown }).version
	return typeof version === "string" ? version : "unknown"
}
