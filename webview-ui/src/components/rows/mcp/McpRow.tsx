import { useTranslation } from "react-i18next"
import { clineAskUseMcpServerSchema, ranAsProposed } from "@cairn/types"
import { usePayload } from "../../../util/parsePayload"
import { Spinner } from "../../common/Spinner"
import { Badge } from "../Badge"
import { GenericRow } from "../GenericRow"
import { RowHeader } from "../RowHeader"
import type { RowProps } from "../rowProps"
import { OutcomeBadge } from "../tool/OutcomeBadge"
import { McpArguments } from "./McpArguments"

/**
 * A call to an MCP server's tool or a read of its resource: as an ask it waits for approval
 * (the buttons below the list answer it); as `mcp_server_request_started` it was auto-approved.
 */
export function McpRow({ message, isLast }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(clineAskUseMcpServerSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const request = parsed.data
	const asking = message.type === "ask" && message.outcome === undefined
	const streaming = message.partial === true
	const waiting = asking && isLast && !streaming
	const form = asking ? "wants" : ranAsProposed(message.outcome) ? "did" : "wanted"
	const server = request.serverName
	const title =
		request.type === "use_mcp_tool"
			? t(form === "did" ? "mcp.usedTool" : `mcp.${form}Tool`, { tool: request.toolName, server })
			: t(form === "did" ? "mcp.readResource" : `mcp.${form}Resource`, { server })
	return (
		<div className={["mcp-row", waiting && "awaiting"].filter(Boolean).join(" ")}>
			<RowHeader
				icon="plug"
				title={title}
				trailing={
					streaming ? (
						<Spinner label={t("tool.requestArriving")} />
					) : waiting ? (
						<Badge text={t("tool.awaitingApproval")} />
					) : (
						<OutcomeBadge outcome={message.outcome} />
					)
				}
			/>
			{request.type === "use_mcp_tool" && request.modeMayNotEdit !== undefined && (
				<div className="row-warning">{t("mcp.mayChangeFiles", { mode: request.modeMayNotEdit })}</div>
			)}
			{request.type === "use_mcp_tool" ? (
				<McpArguments text={request.arguments} ts={message.ts} waiting={waiting} />
			) : (
				<div className="path-line">
					<code>{request.uri}</code>
				</div>
			)}
		</div>
	)
}
