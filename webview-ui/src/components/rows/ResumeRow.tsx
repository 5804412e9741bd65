import { useTranslation } from "react-i18next"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** A task reopened after it was interrupted (resume_task) or after it completed (resume_completed_task). */
export function ResumeRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const completed = message.ask === "resume_completed_task"
	return (
		<div className="resume">
			<RowHeader
				icon={completed ? "history" : "debug-pause"}
				tone="muted"
				title={completed ? t("resume.completed") : t("resume.interrupted")}
			/>
			<div className="row-detail">
				{completed ? t("resume.completedHint") : t("resume.interruptedHint")}
			</div>
		</div>
	)
}
