import { ExpandableText } from "./ExpandableText"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

export interface ErrorRowProps extends RowProps {
	title: string
}

/** Something went wrong: a tool failed, an edit did not apply, a request failed for good. */
export function ErrorRow({ message, title }: ErrorRowProps) {
	return (
		<div className="error-row">
			<RowHeader icon="error" tone="error" title={title} />
			{message.text !== undefined && message.text !== "" && (
				<ExpandableText stateKey={`${message.ts}:text`} text={message.text} className="row-error" />
			)}
		</div>
	)
}
