import { ExpandableText } from "./ExpandableText"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"
import { Thumbnails } from "./Thumbnails"

function titleOf(kind: string): string {
	const words = kind.replace(/_/g, " ")
	return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * Any message this UI has no dedicated row for (a kind added later, a payload that does not
 * parse): its kind and text, so nothing the agent said is hidden and nothing crashes.
 */
export function GenericRow({ message }: Pick<RowProps, "message">) {
	const kind = message.type === "ask" ? message.ask : message.say
	return (
		<div className="generic-row">
			<RowHeader icon="info" tone="muted" title={titleOf(kind ?? message.type)} />
			{message.text !== undefined && message.text !== "" && (
				<ExpandableText stateKey={`${message.ts}:text`} text={message.text} />
			)}
			<Thumbnails images={message.images ?? []} />
		</div>
	)
}
