import { useTranslation } from "react-i18next"
import { useExpanded } from "../../state/rowUi"
import { Spinner } from "../common/Spinner"
import { RowHeader } from "./RowHeader"

export interface ReasoningBlockProps {
	stateKey: string
	text: string
	streaming: boolean
}

/** The model's reasoning: folded by default, since it is long and rarely needed. */
export function ReasoningBlock({ stateKey, text, streaming }: ReasoningBlockProps) {
	const { t } = useTranslation("rows")
	const [expanded, toggle] = useExpanded(stateKey, false)
	return (
		<div className="reasoning">
			<RowHeader
				icon="lightbulb"
				tone="muted"
				title={streaming ? t("reasoning.thinking") : t("reasoning.title")}
				trailing={streaming ? <Spinner label={t("reasoning.spinner")} /> : undefined}
				expanded={expanded}
				onToggle={toggle}
			/>
			{expanded && <div className="reasoning-text pre-wrap">{text}</div>}
		</div>
	)
}
