import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"
import { Thumbnails } from "./Thumbnails"

/** What the person wrote: the task itself, or feedback given later. */
export function UserMessageRow({ message, isTask }: RowProps & { isTask: boolean }) {
	return (
		<div className="user-message">
			<RowHeader icon={isTask ? "tasklist" : "feedback"} title={isTask ? "Task" : "You"} />
			{message.text !== undefined && message.text !== "" && (
				<div className="user-message-text pre-wrap">{message.text}</div>
			)}
			<Thumbnails images={message.images ?? []} />
		</div>
	)
}
