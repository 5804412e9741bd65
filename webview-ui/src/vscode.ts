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
