import { useTranslation } from "react-i18next"
import { CopyButton } from "../common/CopyButton"
import { Markdown } from "../content/Markdown"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** The agent's final result. */
export function CompletionRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const text = message.text ?? ""
	return (
		<div className="completion">
			<RowHeader icon="pass-filled" tone="success" title={t("completion.title")} />
			{text !== "" && (
				<>
					<Markdown text={text} />
					{message.partial !== true && (
						<div className="row-actions">
							<CopyButton text={text} label={t("completion.copy")} />
						</div>
					)}
				</>
			)}
		</div>
	)
}
