import { budgetStatusSchema } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { usePayload } from "../../util/parsePayload"
import { budgetWords } from "./budgetWords"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/**
 * A spending limit: the `budget_notice` row at 80%, and the `budget_reached` ask at 100%, whose
 * buttons (Raise Limit, End Task) are the chat's.
 */
export function BudgetRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(budgetStatusSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const reached = message.ask === "budget_reached"
	const words = budgetWords(parsed.data, reached, t)
	return (
		<div className="budget-row">
			<RowHeader icon={reached ? "stop-circle" : "warning"} tone="warning" title={words.title} />
			<div className="row-detail">{words.detail}</div>
			{reached && <div className="row-detail">{t("budget.raiseOrEnd")}</div>}
		</div>
	)
}
