import { useTranslation } from "react-i18next"
import type { KeyboardEvent } from "react"
import { openFind } from "../../state/pagingActions"
import { useWebviewStore } from "../../state/store"
import { SubtaskBar } from "../subtasks/SubtaskBar"
import { ChatButtons } from "./ChatButtons"
import { ChatTextArea } from "./ChatTextArea"
import { AutoApprovalBar } from "./switchers/AutoApprovalBar"
import { DemoBanner } from "../demo/DemoBanner"
import { EmptyChat } from "./EmptyChat"
import { FindBar } from "./find/FindBar"
import { MessageList } from "./MessageList"
import { QueuedMessages } from "./QueuedMessages"
import { TaskHeader } from "./TaskHeader"
import "./chat.css"

/** Ctrl+F (Cmd+F) anywhere in the chat opens the find bar. */
function openFindOnShortcut(event: KeyboardEvent): void {
	if (
		event.key.toLowerCase() !== "f" ||
		!(event.ctrlKey || event.metaKey) ||
		event.altKey ||
		event.shiftKey
	)
		return
	if (useWebviewStore.getState().messages.length === 0) return
	event.preventDefault()
	openFind()
}

export function ChatView() {
	const { t } = useTranslation("chat")
	const hasTask = useWebviewStore((s) => s.messages.length > 0)
	const findOpen = useWebviewStore((s) => s.findOpen)
	return (
		<main className="chat-view" aria-label={t("view")} onKeyDown={openFindOnShortcut}>
			<DemoBanner />
			{hasTask ? (
				<>
					<TaskHeader />
					<SubtaskBar />
					{findOpen && <FindBar />}
					<MessageList />
				</>
			) : (
				<EmptyChat />
			)}
			<ChatButtons />
			<QueuedMessages />
			<AutoApprovalBar />
			<ChatTextArea />
		</main>
	)
}
