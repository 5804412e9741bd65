import type { ExtensionMessage } from "@cairn/types"
import { applyHostMessage } from "./hostReducer"

/**
 * The host is trusted, so its messages are not re-validated here (a full state can be large);
 * this only keeps out window messages that are not ours, such as the editor's own.
 */
function looksLikeExtensionMessage(data: unknown): data is ExtensionMessage {
	return typeof data === "object" && data !== null && typeof (data as { type?: unknown }).type === "string"
}

/** Feeds every host message into the store; returns the unsubscribe function. */
export function listenToHost(target: Window = window): () => void {
	const onMessage = (event: MessageEvent<unknown>) => {
		if (looksLikeExtensionMessage(event.data)) applyHostMessage(event.data)
	}
	target.addEventListener("message", onMessage)
	return () => target.removeEventListener("message", onMessage)
}
