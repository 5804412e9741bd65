import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** A task reopened after it was interrupted (resume_task) or after it completed (resume_completed_task). */
export function ResumeRow({ message }: RowProps) {
	const completed = message.ask === "resume_completed_task"
	return (
		<div className="resume">
			<RowHeader
				icon={completed ? "history" : "debug-pause"}
				tone="muted"
				title={completed ? "This task was completed" : "This task was interrupted"}
			/>
			<div className="row-detail">
				{completed
					? "Start a new task, or send a message to continue this one."
					: "Resume it where it stopped, or end it. A message typed below is sent along when you resume."}
			</div>
		</div>
	)
}
