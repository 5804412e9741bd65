import type { ExtensionMessage, ExtensionMessageOf, ExtensionState } from "@cairn/types"
import { create } from "zustand"

type ThemeKind = ExtensionMessageOf<"theme">["kind"]

export interface HostError {
	error: string
	inReplyTo?: string
}

export interface WebviewStore {
	/** The host's last full snapshot; undefined until the host has answered `webviewDidLaunch`. */
	extensionState?: ExtensionState
	themeKind?: ThemeKind
	lastError?: HostError
	applyExtensionMessage(message: ExtensionMessage): void
}

export const useWebviewStore = create<WebviewStore>()((set) => ({
	applyExtensionMessage(message) {
		switch (message.type) {
			case "state":
				set({ extensionState: message.state })
				return
			case "theme":
				set({ themeKind: message.kind })
				return
			case "error":
				set({ lastError: { error: message.error, inReplyTo: message.inReplyTo } })
				return
			default:
				// Deltas (messages, history, settings) get their reducers with the chat view.
				return
		}
	},
}))
