import type { ExtensionMessage } from "@cairn/types"
import * as vscode from "vscode"
import type { AgentLoader } from "../agent/AgentLoader"
import type { Agent } from "../agent/index"
import { boardPanelViewType, boardViewId, sidebarViewId, tabPanelViewType } from "../ids"
import { cairnUiLanguage } from "./cairnUiLanguage"
import { entryChunks } from "./entryChunks"
import { createNonce } from "./nonce"
import { themeKindOf } from "./themeKind"
import { webviewHtml } from "./webviewHtml"

/** What a Cairn webview opens on: the chat (the sidebar and its tabs) or the task board. */
type UiRole = "chat" | "board"

/**
 * Serves the Cairn UI to the sidebar view, the task board's view and any number of editor tabs of
 * either. Every attached webview loads the same bundle and speaks the same protocol; replies go to
 * the webview that asked, broadcasts to all.
 */
export class ClineProvider implements vscode.WebviewViewProvider, vscode.Disposable {
	/** Every attached webview, with what it opened on. */
	private readonly webviews = new Map<vscode.Webview, UiRole>()
	/** The sidebar view and the tabs showing Cairn, to tell whether the person sees it. */
	private sidebar: vscode.WebviewView | undefined
	private readonly tabs = new Set<vscode.WebviewPanel>()
	/** The board's view and tabs, to tell whether the person sees the board and to badge it. */
	private boardView: vscode.WebviewView | undefined
	private readonly boardTabs = new Set<vscode.WebviewPanel>()
	/** The badge the board's view shows, kept for a view resolved after it was set. */
	private boardBadge: vscode.ViewBadge | undefined
	private readonly clients = new Map<vscode.Webview, () => void>()
	private readonly disposables: vscode.Disposable[] = []
	/**
	 * The webviews whose page has launched (said webviewDidLaunch) and is still loaded. A view or
	 * tab that is hidden loses its page (Cairn's webviews do not retain their context) and loads it
	 * again when shown: a message posted before that page launches is lost.
	 */
	private readonly livePages = new Set<vscode.Webview>()
	/** Messages for the chat waiting for a chat page to launch (a command that opened the view). */
	private readonly pendingForChat: ExtensionMessage[] = []
	/** Messages for the board waiting for a board page to launch (the palette's fleet report). */
	private readonly pendingForBoard: ExtensionMessage[] = []
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
		if (webviewView.viewType === boardViewId) {
			this.boardView = webviewView
			webviewView.badge = this.boardBadge
			webviewView.onDidDispose(() => {
				if (this.boardView === webviewView) this.boardView = undefined
			})
			this.attach(webviewView.webview, webviewView, webviewView.onDidChangeVisibility, "board")
			return
		}
		this.sidebar = webviewView
		webviewView.onDidDispose(() => {
			if (this.sidebar === webviewView) this.sidebar = undefined
		})
		webviewView.onDidChangeVisibility(() => this.fireIfHidden())
		this.attach(webviewView.webview, webviewView, webviewView.onDidChangeVisibility, "chat")
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
		const panel = this.createTab(tabPanelViewType, "Cairn")
		this.tabs.add(panel)
		panel.onDidDispose(() => this.tabs.delete(panel))
		panel.onDidChangeViewState(() => this.fireIfHidden())
		this.attach(panel.webview, panel, panel.onDidChangeViewState, "chat")
		return panel
	}

	/** Shows the task board in an editor tab: the one already open, else a new one. */
	openBoardInTab(): vscode.WebviewPanel {
		const [open] = this.boardTabs
		if (open !== undefined) {
			open.reveal()
			return open
		}
		const panel = this.createTab(boardPanelViewType, vscode.l10n.t("Cairn Tasks"))
		this.boardTabs.add(panel)
		panel.onDidDispose(() => this.boardTabs.delete(panel))
		this.attach(panel.webview, panel, panel.onDidChangeViewState, "board")
		return panel
	}

	/** Whether the task board (its view or one of its tabs) is visible now. */
	isBoardVisible(): boolean {
		return this.boardView?.visible === true || [...this.boardTabs].some((tab) => tab.visible)
	}

	/** Brings the task board into view: the tab it is open in, else its view. */
	async showBoard(): Promise<void> {
		const [tab] = this.boardTabs
		if (tab !== undefined) tab.reveal()
		else await vscode.commands.executeCommand(`${boardViewId}.focus`)
	}

	/** The number on the board's view: how many tasks need the person; none at 0. */
	setBoardBadge(count: number, tooltip: string): void {
		this.boardBadge = count > 0 ? { value: count, tooltip } : undefined
		if (this.boardView !== undefined) this.boardView.badge = this.boardBadge
	}

	private createTab(viewType: string, title: string): vscode.WebviewPanel {
		const panel = vscode.window.createWebviewPanel(viewType, title, vscode.ViewColumn.Active, {
			enableScripts: true,
			localResourceRoots: [this.buildRoot],
		})
		panel.iconPath = vscode.Uri.joinPath(this.extensionUri, "assets", "cairn.svg")
		return panel
	}

	dispose(): void {
		this.webviews.clear()
		this.livePages.clear()
		this.tabs.clear()
		this.boardTabs.clear()
		this.boardView = undefined
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

	private attach(
		webview: vscode.Webview,
		owner: { onDidDispose: vscode.Event<void>; readonly visible: boolean },
		onVisibilityChange: vscode.Event<unknown>,
		role: UiRole,
	): void {
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
			...(role === "board" && { view: "board" as const }),
		})
		// The agent loads while the webview fetches and runs its bundle, not after it asks for its
		// first state: the two take about as long, so the person waits for one of them, not both.
		// The page goes first (load() starts on a later turn). A failure is reported to the
		// webview when its first message needs the agent.
		this.agent.load().catch(() => undefined)
		this.webviews.set(webview, role)
		const subscriptions = [
			webview.onDidReceiveMessage((input: unknown) => this.receive(webview, input)),
			onVisibilityChange(() => {
				if (!owner.visible) this.livePages.delete(webview)
			}),
			owner.onDidDispose(() => {
				this.webviews.delete(webview)
				this.livePages.delete(webview)
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
				if (isLaunch(input) && this.webviews.has(webview)) {
					this.livePages.add(webview)
					reply({ type: "theme", kind: themeKindOf(vscode.window.activeColorTheme.kind) })
					const pending =
						this.webviews.get(webview) === "board" ? this.pendingForBoard : this.pendingForChat
					for (const message of pending.splice(0)) reply(message)
				}
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

	/**
	 * Shows the sidebar view and sends it (and any open chat tab) a message. A sidebar that was
	 * hidden or never opened loads its page now: the message then waits for the first chat page
	 * to launch, so it is neither lost nor sent twice. The board's pages are left alone: a
	 * command's text or view switch is meant for the chat.
	 */
	async showAndSend(message: ExtensionMessage): Promise<void> {
		await vscode.commands.executeCommand(`${sidebarViewId}.focus`)
		const sidebar = this.sidebar?.webview
		if (sidebar === undefined || !this.livePages.has(sidebar)) this.pendingForChat.push(message)
		else for (const webview of this.liveOf("chat")) void this.post(webview, message)
	}

	/** Sends the board's launched pages a message, or the first board page to launch. */
	sendToBoard(message: ExtensionMessage): void {
		const launched = this.liveOf("board")
		if (launched.length === 0) this.pendingForBoard.push(message)
		for (const webview of launched) void this.post(webview, message)
	}

	private liveOf(role: UiRole): vscode.Webview[] {
		return [...this.webviews].flatMap(([webview, of]) =>
			of === role && this.livePages.has(webview) ? [webview] : [],
		)
	}

	/** The agent's Controller, started if it was not yet. */
	async controller(): Promise<Agent["controller"]> {
		return (await this.agent.load()).controller
	}

	private broadcast(message: ExtensionMessage, only?: UiRole): void {
		for (const [webview, role] of this.webviews)
			if (only === undefined || role === only) void this.post(webview, message)
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
