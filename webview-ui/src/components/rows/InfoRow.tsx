import { useTranslation } from "react-i18next"
import { ExpandableText } from "./ExpandableText"
import { noticeText } from "./notice/noticeText"
import { RowHeader, type RowTone } from "./RowHeader"
import type { RowProps } from "./rowProps"

export interface InfoRowProps extends RowProps {
	icon: string
	title: string
	tone?: RowTone
}

/**
 * A one-line note with optional detail: a retried request, a rate-limit wait, a shell warning.
 * The detail is the notice's wording where the host gave one (its English text is for the CLI).
 */
export function InfoRow({ message, icon, title, tone = "muted" }: InfoRowProps) {
	const { t } = useTranslation("rows")
	const detail = message.notice !== undefined ? noticeText(message.notice, t) : message.text
	return (
		<div className="info-row">
			<RowHeader icon={icon} tone={tone} title={title} />
			{detail !== undefined && detail !== "" && (
				<ExpandableText stateKey={`${message.ts}:text`} text={detail} />
			)}
		</div>
	)
}
