import type { WebviewMessage } from "@cairn/types"

/** The object VS Code injects into a webview; it may be acquired once per page load only. */
export interface VsCodeApi {
	postMessage(message: unknown): void
	getState(): unknown
	setState(state: unknown): void
}

declare global {
	function acquireVsCodeApi(): VsCodeApi
}

let api: VsCodeApi | undefined

function vscodeApi(): VsCodeApi {
	// A second acquireVsCodeApi() call throws, so the first result is kept for the page's life.
	api ??= acquireVsCodeApi()
	return api
}

/** Typed so the UI can only send what the host's parser accepts. */
export function postToHost(message: WebviewMessage): void {
	vscodeApi().postMessage(message)
}

/** What this page keeps while the editor hides it (a hidden tab's page is reloaded when shown again). */
export function keptPageState(): Record<string, unknown> {
	const kept = vscodeApi().getState()
	return typeof kept === "object" && kept !== null ? (kept as Record<string, unknown>) : {}
}

export function keepPageState(patch: Record<string, unknown>): void {
	vscodeApi().setState({ ...keptPageState(), ...patch })
}
