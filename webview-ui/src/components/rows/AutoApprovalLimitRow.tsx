import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { autoApprovalLimitSchema, type AutoApprovalLimit } from "@cairn/types"
import { formatCost } from "../../util/format"
import { usePayload } from "../../util/parsePayload"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

function describe(limit: AutoApprovalLimit, t: TFunction<"rows">): string {
	return limit.limit === "requests"
		? t("limit.requests", { count: limit.count })
		: t("limit.cost", { cost: formatCost(limit.cost) })
}

/** Auto-approval stopped at its limit; Continue resets the count, End Task stops. */
export function AutoApprovalLimitRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(autoApprovalLimitSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	return (
		<div className="auto-approval-limit">
			<RowHeader
				icon="shield"
				tone="warning"
				title={parsed.data.limit === "requests" ? t("limit.requestsTitle") : t("limit.costTitle")}
			/>
			<div className="row-detail">{describe(parsed.data, t)}</div>
		</div>
	)
}
