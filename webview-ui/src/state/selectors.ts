import { chatControls, sendMode, type ChatControls, type SendMode } from "@cairn/types"
import { useMemo } from "react"
import { useWebviewStore, type WebviewStore } from "./store"

/** seed 001's controls for the current transcript, from the one implementation in @cairn/types. */
export function useChatControls(): ChatControls {
	const messages = useWebviewStore((s) => s.latest)
	// Ending the task returns to a parent only while one waits for it.
	const isSubtask = useWebviewStore((s) => s.taskStack.length > 1)
	return useMemo(() => chatControls(messages, { isSubtask }), [messages, isSubtask])
}

const selectSendMode = (s: WebviewStore): SendMode => sendMode(s.latest, chatControls(s.latest))

/** A string, so the chat box re-renders only when what sending does changes, not on every delta. */
export function useSendMode(): SendMode {
	return useWebviewStore(selectSendMode)
}
