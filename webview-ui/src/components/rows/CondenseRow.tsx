import { useTranslation } from "react-i18next"
import { formatCost, formatTokens } from "../../util/format"
import { Spinner } from "../common/Spinner"
import { Markdown } from "../content/Markdown"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"
import { ToolSection } from "./tool/ToolSection"

/** The conversation was summarized to fit the model's context window. */
export function CondenseRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const condense = message.contextCondense
	if (message.partial === true)
		return (
			<RowHeader
				icon="fold"
				tone="muted"
				title={t("condense.condensing")}
				trailing={<Spinner label={t("condense.spinner")} />}
			/>
		)
	if (condense === undefined) return <GenericRow message={message} />
	return (
		<div className="condense">
			<RowHeader
				icon="fold"
				tone="muted"
				title={t("condense.done", {
					before: formatTokens(condense.prevContextTokens),
					after: formatTokens(condense.newContextTokens),
				})}
				trailing={<span className="muted">{formatCost(condense.cost)}</span>}
			/>
			<ToolSection stateKey={`${message.ts}:summary`} section="summary" initiallyExpanded={false}>
				<Markdown text={condense.summary} />
			</ToolSection>
		</div>
	)
}
