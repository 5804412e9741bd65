import { clineAskUseMcpServerSchema } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { CodeBlock } from "../content/CodeBlock"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** A call to an MCP server's tool or resource, as an approval ask or after the fact. */
export function McpRow({ message, isLast }: RowProps) {
	const parsed = usePayload(clineAskUseMcpServerSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const request = parsed.data
	const asking = message.type === "ask"
	const what =
		request.type === "use_mcp_tool" ? `the tool ${request.toolName}` : `the resource ${request.uri}`
	return (
		<div className={["mcp-row", asking && isLast && "awaiting"].filter(Boolean).join(" ")}>
			<RowHeader
				icon="plug"
				title={`${asking ? "Cairn wants to use" : "Cairn used"} ${what} on ${request.serverName}`}
			/>
			{request.type === "use_mcp_tool" && request.arguments !== undefined && (
				<CodeBlock code={request.arguments} language="json" />
			)}
		</div>
	)
}
