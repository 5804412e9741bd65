import { useTranslation } from "react-i18next"
import { Markdown } from "../content/Markdown"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** What a subtask handed back to this task when it ended: its result, or why it stopped. */
export function SubtaskResultRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const text = message.text ?? ""
	return (
		<div className="subtask-result">
			<RowHeader icon="debug-step-out" tone="success" title={t("subtaskFinished")} />
			{text !== "" && <Markdown text={text} />}
		</div>
	)
}
