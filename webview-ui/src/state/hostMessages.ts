import type { ExtensionMessage } from "@cairn/types"
import { postToHost } from "../vscode"
import { applyHostMessage, requestState } from "./hostReducer"

/**
 * The host is trusted, so its messages are not re-validated here (a full state can be large);
 * this only keeps out window messages that are not ours, such as the editor's own.
 */
function looksLikeExtensionMessage(data: unknown): data is ExtensionMessage {
	return typeof data === "object" && data !== null && typeof (data as { type?: unknown }).type === "string"
}

/**
 * Feeds every host message into the store, then tells the host the webview is there (it answers
 * with the state); returns the unsubscribe function. The page calls it before React renders, so
 * the answer travels while the first screen is drawn; it listens first so none can be missed.
 */
export function connectToHost(target: Window = window): () => void {
	const onMessage = (event: MessageEvent<unknown>) => {
		if (!looksLikeExtensionMessage(event.data)) return
		try {
			applyHostMessage(event.data)
		} catch (error) {
			// A message the UI cannot apply (a host of another version, a bug) may have left the
			// store half-updated: say which one, and start again from the host's whole state.
			console.error(`Cairn could not apply the host's "${event.data.type}" message:`, error)
			requestState()
		}
	}
	target.addEventListener("message", onMessage)
	postToHost({ type: "webviewDidLaunch" })
	return () => target.removeEventListener("message", onMessage)
}
