import type { ExtensionMessage } from "@cairn/types"
import * as vscode from "vscode"
import type { AgentLoader } from "../agent/AgentLoader"
import type { Agent } from "../agent/index"
import { sidebarViewId, tabPanelViewType } from "../ids"
import { cairnUiLanguage } from "./cairnUiLanguage"
import { entryChunks } from "./entryChunks"
import { createNonce } from "./nonce"
import { themeKindOf } from "./themeKind"
import { webviewHtml } from "./webviewHtml"

/**
 * Serves the Cairn UI to the sidebar view and to any number of editor tabs. Every attached
 * webview speaks the same protocol; replies go to the webview that asked, broadcasts to all.
 */
export class ClineProvider implements vscode.WebviewViewProvider, vscode.Disposable {
	private readonly webviews = new Set<vscode.Webview>()
	/** The sidebar view and the tabs showing Cairn, to tell whether the person sees it. */
	private sidebar: vscode.WebviewView | undefined
	private readonly tabs = new Set<vscode.WebviewPanel>()
	private readonly clients = new Map<vscode.Webview, () => void>()
	private readonly disposables: vscode.Disposable[] = []
	/** Messages for the UI sent before any webview had launched (a command that opened the view). */
	private pendingForUi: ExtensionMessage[] = []
	/** Fires when no Cairn view is visible any more (the person switched the sidebar or tab away). */
	private readonly hidden = new vscode.EventEmitter<void>()
	readonly onDidHide = this.hidden.event
	/** The UI bundle's chunks its entry imports, read from the build once. */
	private entryChunksCache: string[] | undefined

	constructor(
		private readonly context: vscode.ExtensionContext,
		private readonly log: vscode.LogOutputChannel,
		private readonly agent: AgentLoader,
	) {
		this.disposables.push(
			vscode.window.onDidChangeActiveColorTheme((theme) =>
				this.broadcast({ type: "theme", kind: themeKindOf(theme.kind) }),
			),
		)
	}

	resolveWebviewView(webviewView: vscode.WebviewView): void {
		this.sidebar = webviewView
		webviewView.onDidDispose(() => {
			if (this.sidebar === webviewView) this.sidebar = undefined
		})
		webviewView.onDidChangeVisibility(() => this.fireIfHidden())
		this.attach(webviewView.webview, webviewView)
	}

	/** Whether Cairn's sidebar view or one of its tabs is visible now. */
	isVisible(): boolean {
		return this.sidebar?.visible === true || [...this.tabs].some((tab) => tab.visible)
	}

	private fireIfHidden(): void {
		if (!this.isVisible()) this.hidden.fire()
	}

	/** Brings Cairn into view: the tab it is open in, else the sidebar view. */
	async show(): Promise<void> {
		const [tab] = this.tabs
		if (tab !== undefined) tab.reveal()
		else await vscode.commands.executeCommand(`${sidebarViewId}.focus`)
	}

	openInTab(): vscode.WebviewPanel {
		const panel = vscode.window.createWebviewPanel(tabPanelViewType, "Cairn", vscode.ViewColumn.Active, {
			enableScripts: true,
			localResourceRoots: [this.buildRoot],
		})
		panel.iconPath = vscode.Uri.joinPath(this.extensionUri, "assets", "cairn.svg")
		this.tabs.add(panel)
		panel.onDidDispose(() => this.tabs.delete(panel))
		panel.onDidChangeViewState(() => this.fireIfHidden())
		this.attach(panel.webview, panel)
		return panel
	}

	dispose(): void {
		this.webviews.clear()
		this.tabs.clear()
		this.hidden.dispose()
		this.sidebar = undefined
		for (const detach of this.clients.values()) detach()
		this.clients.clear()
		for (const disposable of this.disposables.splice(0)) disposable.dispose()
	}

	private get extensionUri(): vscode.Uri {
		return this.context.extensionUri
	}

	private get buildRoot(): vscode.Uri {
		return vscode.Uri.joinPath(this.extensionUri, "webview-ui", "build")
	}

	private get entryChunks(): string[] {
		this.entryChunksCache ??= entryChunks(this.buildRoot.fsPath)
		return this.entryChunksCache
	}

	private attach(webview: vscode.Webview, owner: { onDidDispose: vscode.Event<void> }): void {
		webview.options = { enableScripts: true, localResourceRoots: [this.buildRoot] }
		webview.html = webviewHtml({
			language: cairnUiLanguage(),
			cspSource: webview.cspSource,
			nonce: createNonce(),
			scriptUri: webview
				.asWebviewUri(vscode.Uri.joinPath(this.buildRoot, "assets", "index.js"))
				.toString(),
			preloadUris: this.entryChunks.map((file) =>
				webview.asWebviewUri(vscode.Uri.joinPath(this.buildRoot, ...file.split("/"))).toString(),
			),
			styleUri: webview
				.asWebviewUri(vscode.Uri.joinPath(this.buildRoot, "assets", "index.css"))
				.toString(),
		})
		// The agent loads while the webview fetches and runs its bundle, not after it asks for its
		// first state: the two take about as long, so the person waits for one of them, not both.
		// The page goes first (load() starts on a later turn). A failure is reported to the
		// webview when its first message needs the agent.
		this.agent.load().catch(() => undefined)
		this.webviews.add(webview)
		const subscriptions = [
			webview.onDidReceiveMessage((input: unknown) => this.receive(webview, input)),
			owner.onDidDispose(() => {
				this.webviews.delete(webview)
				this.clients.get(webview)?.()
				this.clients.delete(webview)
				for (const subscription of subscriptions) subscription.dispose()
			}),
		]
	}

	private receive(webview: vscode.Webview, input: unknown): void {
		const reply = (message: ExtensionMessage) => void this.post(webview, message)
		void this.agent
			.load()
			.then(async ({ controller }) => {
				if (!this.clients.has(webview) && this.webviews.has(webview))
					this.clients.set(webview, controller.attach(reply))
				await controller.handleWebviewMessage(input, reply)
				if (isLaunch(input))
					reply({ type: "theme", kind: themeKindOf(vscode.window.activeColorTheme.kind) })
			})
			.catch((error: unknown) => {
				this.log.error(`Cairn's agent could not start: ${String(error)}`)
				reply({
					type: "error",
					code: "failed",
					error: vscode.l10n.t("Cairn's agent could not start: {error}", { error: String(error) }),
				})
			})
	}

	/** Shows the sidebar view and sends it (and any open tab) a message, once it has launched. */
	async showAndSend(message: ExtensionMessage): Promise<void> {
		await vscode.commands.executeCommand(`${sidebarViewId}.focus`)
		if (this.clients.size === 0) this.pendingForUi.push(message)
		else this.broadcast(message)
	}

	/** The agent's Controller, started if it was not yet. */
	async controller(): Promise<Agent["controller"]> {
		return (await this.agent.load()).controller
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

function isLaunch(input: unknown): boolean {
	try {
		return (
			typeof input === "object" &&
			input !== null &&
			(input as { type?: unknown }).type === "webviewDidLaunch"
		)
	} catch {
		return false
	}
}
