import { mcpServerNotReadySchema } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { usePayload } from "../../../util/parsePayload"
import { GenericRow } from "../GenericRow"
import { RowHeader } from "../RowHeader"
import type { RowProps } from "../rowProps"

/** A configured MCP server that was not up when the task's first request could wait no longer. */
export function McpNotReadyRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(mcpServerNotReadySchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	return (
		<div className="info-row">
			<RowHeader
				icon="warning"
				tone="warning"
				title={t("mcp.notReady", { server: parsed.data.server, seconds: parsed.data.waitedSeconds })}
			/>
		</div>
	)
}
