import { useTranslation } from "react-i18next"
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
	const { t } = useTranslation("rows")
	const text = message.text ?? ""
	if (message.partial === true)
		return (
			<div className="mcp-response running">
				<RowHeader
					icon="plug"
					tone="muted"
					title={t("mcp.working")}
					trailing={<Spinner label={t("mcp.running")} />}
				/>
				{text !== "" && <div className="muted">{text}</div>}
			</div>
		)
	if (text.startsWith(errorPrefix))
		return (
			<div className="mcp-response failed">
				<RowHeader icon="error" tone="error" title={t("mcp.failed")} />
				<ExpandableText
					stateKey={`${message.ts}:text`}
					text={text.slice(errorPrefix.length)}
					className="row-error mcp-result"
				/>
			</div>
		)
	return (
		<div className="mcp-response">
			<RowHeader icon="output" tone="muted" title={t("mcp.result")} />
			{text === "" ? (
				<div className="muted">{t("mcp.empty")}</div>
			) : (
				<ExpandableText stateKey={`${message.ts}:text`} text={text} className="mcp-result" />
			)}
		</div>
	)
}
