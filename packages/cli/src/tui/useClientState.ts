import { useSyncExternalStore } from "react"
import type { ExtensionClient, StoreState } from "@cairn/core"

const events = ["snapshot", "message", "stateChange", "modeChanged"] as const

/** The client's StoreState, re-rendering on every change (the store replaces it on each one). */
export function useClientState(client: ExtensionClient): StoreState {
	return useSyncExternalStore(
		(onChange) => {
			for (const event of events) client.on(event, onChange)
			return () => {
				for (const event of events) client.off(event, onChange)
			}
		},
		() => client.state,
	)
}
