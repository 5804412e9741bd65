import { useWebviewStore } from "../../state/store"
import { SubtaskBar } from "../subtasks/SubtaskBar"
import { ChatButtons } from "./ChatButtons"
import { ChatTextArea } from "./ChatTextArea"
import { AutoApprovalBar } from "./switchers/AutoApprovalBar"
import { EmptyChat } from "./EmptyChat"
import { MessageList } from "./MessageList"
import { QueuedMessages } from "./QueuedMessages"
import { TaskHeader } from "./TaskHeader"
import "./chat.css"

export function ChatView() {
	const hasTask = useWebviewStore((s) => s.messages.length > 0)
	return (
		<main className="chat-view" aria-label="Chat">
			{hasTask ? (
				<>
					<TaskHeader />
					<SubtaskBar />
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
