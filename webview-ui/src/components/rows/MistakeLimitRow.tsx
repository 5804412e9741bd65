import { useTranslation } from "react-i18next"
import { Markdown } from "../content/Markdown"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/**
 * The model failed to use its tools several times in a row; the person decides how to go on. The
 * detail says so in the person's language; older tasks' English text is shown as it was.
 */
export function MistakeLimitRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	return (
		<div className="mistake-limit">
			<RowHeader icon="warning" tone="warning" title={t("mistakes.title")} />
			<div className="row-detail">{t("mistakes.detail")}</div>
			{message.notice === undefined && message.text !== undefined && message.text !== "" && (
				<Markdown text={message.text} />
			)}
		</div>
	)
}
