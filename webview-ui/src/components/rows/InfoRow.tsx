import { ExpandableText } from "./ExpandableText"
import { RowHeader, type RowTone } from "./RowHeader"
import type { RowProps } from "./rowProps"

export interface InfoRowProps extends RowProps {
	icon: string
	title: string
	tone?: RowTone
}

/** A one-line note with optional detail: a retried request, a rate-limit wait, a shell warning. */
export function InfoRow({ message, icon, title, tone = "muted" }: InfoRowProps) {
	return (
		<div className="info-row">
			<RowHeader icon={icon} tone={tone} title={title} />
			{message.text !== undefined && message.text !== "" && (
				<ExpandableText stateKey={`${message.ts}:text`} text={message.text} />
			)}
		</div>
	)
}
