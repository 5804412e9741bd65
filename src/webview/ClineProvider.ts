import { emptyExtensionState, type ExtensionMessage, type ExtensionState } from "@cairn/types"
import * as vscode from "vscode"
import { tabPanelViewType } from "../ids"
import { handleWebviewMessage } from "./handleWebviewMessage"
import { createNonce } from "./nonce"
import { themeKindOf } from "./themeKind"
import { webviewHtml } from "./webviewHtml"

/**
 * Serves the Cairn UI to the sidebar view and to any number of editor tabs. Every attached
 * webview speaks the same protocol; replies go to the webview that asked, broadcasts to all.
 */
export class ClineProvider implements vscode.WebviewViewProvider, vscode.Disposable {
	private readonly webviews = new Set<vscode.Webview>()
	private readonly disposables: vscode.Disposable[] = []

	constructor(
		private readonly extensionUri: vscode.Uri,
		private readonly version: string,
		private readonly log: vscode.LogOutputChannel,
	) {
		this.disposables.push(
			vscode.window.onDidChangeActiveColorTheme((theme) =>
				this.broadcast({ type: "theme", kind: themeKindOf(theme.kind) }),
			),
		)
	}

	resolveWebviewView(webviewView: vscode.WebviewView): void {
		this.attach(webviewView.webview, webviewView)
	}

	openInTab(): vscode.WebviewPanel {
		const panel = vscode.window.createWebviewPanel(tabPanelViewType, "Cairn", vscode.ViewColumn.Active, {
			enableScripts: true,
			localResourceRoots: [this.buildRoot],
		})
		panel.iconPath = vscode.Uri.joinPath(this.extensionUri, "assets", "cairn.svg")
		this.attach(panel.webview, panel)
		return panel
	}

	dispose(): void {
		this.webviews.clear()
		for (const disposable of this.disposables.splice(0)) disposable.dispose()
	}

	private get buildRoot(): vscode.Uri {
		return vscode.Uri.joinPath(this.extensionUri, "webview-ui", "build")
	}

	private attach(webview: vscode.Webview, owner: { onDidDispose: vscode.Event<void> }): void {
		webview.options = { enableScripts: true, localResourceRoots: [this.buildRoot] }
		webview.html = webviewHtml({
			cspSource: webview.cspSource,
			nonce: createNonce(),
			scriptUri: webview
				.asWebviewUri(vscode.Uri.joinPath(this.buildRoot, "assets", "index.js"))
				.toString(),
			styleUri: webview
				.asWebviewUri(vscode.Uri.joinPath(this.buildRoot, "assets", "index.css"))
				.toString(),
		})
		this.webviews.add(webview)
		const subscriptions = [
			webview.onDidReceiveMessage((input: unknown) => this.receive(webview, input)),
			owner.onDidDispose(() => {
				this.webviews.delete(webview)
				for (const subscription of subscriptions) subscription.dispose()
			}),
		]
	}

	private receive(webview: vscode.Webview, input: unknown): void {
		const replies = handleWebviewMessage(input, {
			snapshot: () => this.snapshot(),
			themeKind: () => themeKindOf(vscode.window.activeColorTheme.kind),
			logWarning: (message) => this.log.warn(message),
		})
		for (const reply of replies) void this.post(webview, reply)
	}

	private snapshot(): ExtensionState {
		return emptyExtensionState(this.version, { cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath })
	}

	private broadcast(message: ExtensionMessage): void {
		for (const webview of this.webviews) void this.post(webview, message)
	}

	private async post(webview: vscode.Webview, message: ExtensionMessage): Promise<void> {
		// Posting to a webview that closed in the meantime rejects; that is not an error worth raising.
		try {
			await webview.postMessage(message)
		} catch (cause) {
			this.log.debug(`Could not post "${message.type}" to a webview: ${String(cause)}`)
		}
	}
}
