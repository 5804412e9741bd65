import type { McpServerStatus, McpServerView } from "@cairn/types"
import { useSecondsLeft } from "../../util/useSecondsLeft"
import { Icon } from "../common/Icon"

const looks: Record<McpServerStatus, { icon: string; text: string }> = {
	connecting: { icon: "loading", text: "Connecting" },
	connected: { icon: "pass-filled", text: "Connected" },
	disconnected: { icon: "debug-disconnect", text: "Disconnected" },
	disabled: { icon: "circle-slash", text: "Disabled" },
	blocked: { icon: "shield", text: "Blocked" },
	error: { icon: "error", text: "Error" },
}

function RetryCountdown({ retryAt }: { retryAt: number }) {
	const left = useSecondsLeft(retryAt)
	return <>{left > 0 ? `, retrying in ${left} s` : ", retrying now"}</>
}

/** The server's status in a word, with its colour and icon; a disconnected one counts down to its retry. */
export function McpStatusBadge({ server }: { server: Pick<McpServerView, "status" | "retryAt"> }) {
	const { icon, text } = looks[server.status]
	return (
		<span className={`mcp-status mcp-status-${server.status}`}>
			<Icon name={icon} spin={server.status === "connecting"} />
			<span>
				{text}
				{server.status === "disconnected" && server.retryAt !== undefined && (
					<RetryCountdown retryAt={server.retryAt} />
				)}
			</span>
		</span>
	)
}
