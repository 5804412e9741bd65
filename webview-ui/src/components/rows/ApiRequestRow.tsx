import { useTranslation } from "react-i18next"
import { clineApiReqInfoSchema, type ClineApiReqInfo } from "@cairn/types"
import { useExpanded } from "../../state/rowUi"
import { formatCost, formatTokens } from "../../util/format"
import { usePayload } from "../../util/parsePayload"
import { EstimateMark } from "../chat/spend/EstimateMark"
import { Spinner } from "../common/Spinner"
import { Badge } from "./Badge"
import { GenericRow } from "./GenericRow"
import { RowHeader, type RowTone } from "./RowHeader"
import type { RowProps } from "./rowProps"

type Status = "streaming" | "done" | "cancelled" | "failed" | "unfinished"

function statusOf(info: ClineApiReqInfo, isCurrentRequest: boolean): Status {
	if (info.cancelReason === "user_cancelled") return "cancelled"
	if (info.cancelReason === "streaming_failed" || info.streamingFailedMessage !== undefined) return "failed"
	if (info.cost !== undefined) return "done"
	// Without a cost only the newest request can still be running; an older one was cut off
	// (the editor closed mid-stream) and must not spin forever.
	return isCurrentRequest ? "streaming" : "unfinished"
}

const tones: Record<Status, RowTone> = {
	streaming: "default",
	done: "default",
	cancelled: "muted",
	failed: "error",
	unfinished: "muted",
}

function TokenLine({ info }: { info: ClineApiReqInfo }) {
	const { t } = useTranslation("rows")
	const parts = [
		info.tokensIn !== undefined && t("api.tokensIn", { tokens: formatTokens(info.tokensIn) }),
		info.tokensOut !== undefined && t("api.tokensOut", { tokens: formatTokens(info.tokensOut) }),
		info.cacheWrites ? t("api.cacheWrites", { tokens: formatTokens(info.cacheWrites) }) : false,
		info.cacheReads ? t("api.cacheReads", { tokens: formatTokens(info.cacheReads) }) : false,
	].filter((part): part is string => typeof part === "string")
	if (parts.length === 0) return null
	return (
		<div className="api-tokens">
			{info.estimated && <EstimateMark />}
			{parts.join(" · ")}
		</div>
	)
}

/** One model request: its tokens and cost once done, a spinner while it streams. */
export function ApiRequestRow({ message, isCurrentRequest }: RowProps & { isCurrentRequest: boolean }) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(clineApiReqInfoSchema, message.text)
	const [expanded, toggle] = useExpanded(`${message.ts}:request`, false)
	if (!parsed.success) return <GenericRow message={message} />
	const info = parsed.data
	const status = statusOf(info, isCurrentRequest)
	const trailing =
		status === "streaming" ? (
			<Spinner label={t("api.waiting")} />
		) : info.cost !== undefined ? (
			<Badge text={formatCost(info.cost)} />
		) : undefined
	const hasDetails = info.request !== undefined || info.streamingFailedMessage !== undefined
	return (
		<div className="api-request">
			<RowHeader
				icon={status === "failed" ? "error" : status === "cancelled" ? "circle-slash" : "cloud"}
				tone={tones[status]}
				title={t(`api.${status}`)}
				trailing={trailing}
				{...(hasDetails && { expanded, onToggle: toggle })}
			/>
			<TokenLine info={info} />
			{status === "failed" && info.streamingFailedMessage !== undefined && (
				<div className="row-error pre-wrap">{info.streamingFailedMessage}</div>
			)}
			{expanded && info.request !== undefined && (
				<div className="api-request-summary pre-wrap">{info.request}</div>
			)}
		</div>
	)
}
