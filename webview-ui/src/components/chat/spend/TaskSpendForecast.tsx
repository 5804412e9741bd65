import { useTranslation } from "react-i18next"
import { useWebviewStore } from "../../../state/store"
import { formatCost, formatTokens } from "../../../util/format"
import { requestInFlight } from "./requestInFlight"

/**
 * The header's look ahead: what the task burns per model request so far, and the least its next
 * request will cost. The rate is per request rather than per minute: a task's minutes include the
 * person's own time (reading, approving) and the tools', which cost nothing, while every request
 * is paid; and it sits beside the next request's floor in the same unit. A request still streaming
 * has no cost yet, so it is left out of the average until it ends.
 */
export function TaskSpendForecast() {
	const { t } = useTranslation("chat")
	const totals = useWebviewStore((s) => s.totals)
	const inFlight = useWebviewStore((s) => requestInFlight(s.latest))
	const contextTokens = useWebviewStore((s) => s.context.tokens)
	const price = useWebviewStore((s) => s.context.leastInputPrice)
	const finished = totals.requests - (inFlight ? 1 : 0)
	const priceUnknown = price === undefined && totals.cost === 0
	return (
		<>
			{finished > 0 && (
				<div className="task-spend-rate">
					<dt>{t("spend.perRequest")}</dt>
					{priceUnknown ? (
						<dd title={t("spend.priceUnknownTitle")}>{t("spend.priceUnknown")}</dd>
					) : (
						<dd title={t("spend.perRequestTitle")}>{formatCost(totals.cost / finished)}</dd>
					)}
				</div>
			)}
			{contextTokens !== undefined && (
				<div className="task-spend-next">
					<dt>{t("spend.nextRequest")}</dt>
					{price === undefined ? (
						<dd title={t("spend.priceUnknownTitle")}>{t("spend.priceUnknown")}</dd>
					) : (
						<dd title={t("spend.nextTitle", { tokens: formatTokens(contextTokens) })}>
							{t("spend.atLeast", { cost: formatCost((contextTokens * price) / 1_000_000) })}
						</dd>
					)}
				</div>
			)}
		</>
	)
}
