import { useTranslation } from "react-i18next"
import { useExpanded } from "../../state/rowUi"

export interface ExpandableTextProps {
	/** Identifies the toggle across remounts: "ts:part". */
	stateKey: string
	text: string
	/** Longer texts are cut to this many characters until expanded. */
	limit?: number
	className?: string
}

/** Plain text that may be long (an error, a tool's output); long text starts folded. */
export function ExpandableText({ stateKey, text, limit = 600, className }: ExpandableTextProps) {
	const { t } = useTranslation("rows")
	const [expanded, toggle] = useExpanded(stateKey, false)
	const long = text.length > limit
	return (
		<div className={["expandable-text", className].filter(Boolean).join(" ")}>
			<div className="pre-wrap">{long && !expanded ? `${text.slice(0, limit)}…` : text}</div>
			{long && (
				<button type="button" className="link-button" aria-expanded={expanded} onClick={toggle}>
					{expanded ? t("expandable.showLess") : t("expandable.showAll", { count: text.length })}
				</button>
			)}
		</div>
	)
}
