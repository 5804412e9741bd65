import type { McpServerStatus, McpServerView } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { useSecondsLeft } from "../../util/useSecondsLeft"
import { Icon } from "../common/Icon"

const icons: Record<McpServerStatus, string> = {
	connecting: "loading",
	connected: "pass-filled",
	disconnected: "debug-disconnect",
	disabled: "circle-slash",
	blocked: "shield",
	error: "error",
}

function RetryCountdown({ retryAt }: { retryAt: number }) {
	const { t } = useTranslation("mcp")
	const left = useSecondsLeft(retryAt)
	return <>{left > 0 ? t("retryingIn", { count: left }) : t("retryingNow")}</>
}

/** The server's status in a word, with its colour and icon; a disconnected one counts down to its retry. */
export function McpStatusBadge({ server }: { server: Pick<McpServerView, "status" | "retryAt"> }) {
	const { t } = useTranslation("mcp")
	return (
		<span className={`mcp-status mcp-status-${server.status}`}>
			<Icon name={icons[server.status]} spin={server.status === "connecting"} />
			<span>
				{t(`status.${server.status}`)}
				{server.status === "disconnected" && server.retryAt !== undefined && (
					<RetryCountdown retryAt={server.retryAt} />
				)}
			</span>
		</span>
	)
}
