import { chatControls, sendMode, type ChatControls, type ClineMessage, type SendMode } from "@cairn/types"
import { useMemo } from "react"
import { useWebviewStore, type WebviewStore } from "./store"

/** seed 001's controls for the current transcript, from the one implementation in @cairn/types. */
export function useChatControls(): ChatControls {
	const messages = useWebviewStore((s) => s.latest)
	// Ending the task returns to a parent only while one waits for it.
	const isSubtask = useWebviewStore((s) => s.taskStack.length > 1)
	return useMemo(() => chatControls(messages, { isSubtask }), [messages, isSubtask])
}

/** What sending does now with `messages` on screen; held (queued) while a New Task is on its way. */
export function sendModeOf(
	s: Pick<WebviewStore, "leavingTask">,
	messages: readonly ClineMessage[],
): SendMode {
	return s.leavingTask ? "queue" : sendMode(messages, chatControls(messages))
}

const selectSendMode = (s: WebviewStore): SendMode => sendModeOf(s, s.latest)

/** A string, so the chat box re-renders only when what sending does changes, not on every delta. */
export function useSendMode(): SendMode {
	return useWebviewStore(selectSendMode)
}
