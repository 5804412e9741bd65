import { autoApprovalLimitSchema, type AutoApprovalLimit } from "@cairn/types"
import { formatCost } from "../../util/format"
import { usePayload } from "../../util/parsePayload"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

function describe(limit: AutoApprovalLimit): string {
	return limit.limit === "requests"
		? `Cairn has auto-approved ${limit.count} requests, the limit set in Settings.`
		: `Auto-approved requests have cost ${formatCost(limit.cost)}, the limit set in Settings.`
}

/** Auto-approval stopped at its limit; Continue resets the count, End Task stops. */
export function AutoApprovalLimitRow({ message }: RowProps) {
	const parsed = usePayload(autoApprovalLimitSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	return (
		<div className="auto-approval-limit">
			<RowHeader
				icon="shield"
				tone="warning"
				title={
					parsed.data.limit === "requests"
						? "Auto-approval request limit reached"
						: "Auto-approval cost limit reached"
				}
			/>
			<div className="row-detail">
				{describe(parsed.data)} Continue to approve more, or end the task.
			</div>
		</div>
	)
}
