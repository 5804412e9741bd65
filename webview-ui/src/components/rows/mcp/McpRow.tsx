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
	const parsed = usePayload(clineAskUseMcpServerSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const request = parsed.data
	const asking = message.type === "ask" && message.outcome === undefined
	const streaming = message.partial === true
	const waiting = asking && isLast && !streaming
	const verb = asking ? "Cairn wants to" : ranAsProposed(message.outcome) ? undefined : "Cairn wanted to"
	const title =
		request.type === "use_mcp_tool"
			? `${verb === undefined ? "Cairn used" : `${verb} use`} the tool ${request.toolName} on ${request.serverName}`
			: `${verb === undefined ? "Cairn read" : `${verb} read`} a resource of ${request.serverName}`
	return (
		<div className={["mcp-row", waiting && "awaiting"].filter(Boolean).join(" ")}>
			<RowHeader
				icon="plug"
				title={title}
				trailing={
					streaming ? (
						<Spinner label="The request is still arriving" />
					) : waiting ? (
						<Badge text="awaiting approval" />
					) : (
						<OutcomeBadge outcome={message.outcome} />
					)
				}
			/>
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
