import { useTranslation } from "react-i18next"
import { ExpandableText } from "./ExpandableText"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"
import { Thumbnails } from "./Thumbnails"

/**
 * Any message this UI has no dedicated row for (a kind added later, a payload that does not
 * parse): its kind and text, so nothing the agent said is hidden and nothing crashes.
 */
export function GenericRow({ message }: Pick<RowProps, "message">) {
	const { t } = useTranslation("rows")
	const kind = message.type === "ask" ? message.ask : message.say
	// The kind is an identifier, not a sentence: it is shown as code beside a translated title.
	return (
		<div className="generic-row">
			<RowHeader
				icon="info"
				tone="muted"
				title={t("generic.title")}
				trailing={<code className="generic-kind">{kind ?? message.type}</code>}
			/>
			{message.text !== undefined && message.text !== "" && (
				<ExpandableText stateKey={`${message.ts}:text`} text={message.text} />
			)}
			<Thumbnails images={message.images ?? []} />
		</div>
	)
}
