import { Spinner } from "../../common/Spinner"
import { ExpandableText } from "../ExpandableText"
import { RowHeader } from "../RowHeader"
import type { RowProps } from "../rowProps"

const errorPrefix = "Error: "

/**
 * What an MCP call returned. While it runs the row carries the server's latest progress line;
 * the result replaces it. A failed call (the server's isError, a timeout, a lost connection)
 * comes as text starting with "Error: ".
 */
export function McpResponseRow({ message }: RowProps) {
	const text = message.text ?? ""
	if (message.partial === true)
		return (
			<div className="mcp-response running">
				<RowHeader
					icon="plug"
					tone="muted"
					title="The MCP server is working"
					trailing={<Spinner label="The MCP call is running" />}
				/>
				{text !== "" && <div className="muted">{text}</div>}
			</div>
		)
	if (text.startsWith(errorPrefix))
		return (
			<div className="mcp-response failed">
				<RowHeader icon="error" tone="error" title="The MCP call failed" />
				<ExpandableText
					stateKey={`${message.ts}:text`}
					text={text.slice(errorPrefix.length)}
					className="row-error mcp-result"
				/>
			</div>
		)
	return (
		<div className="mcp-response">
			<RowHeader icon="output" tone="muted" title="MCP result" />
			{text === "" ? (
				<div className="muted">The server returned nothing.</div>
			) : (
				<ExpandableText stateKey={`${message.ts}:text`} text={text} className="mcp-result" />
			)}
		</div>
	)
}
