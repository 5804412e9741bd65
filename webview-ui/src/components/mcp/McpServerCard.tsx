import type { McpServerView } from "@cairn/types"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { configFileLabel } from "./configFileLabel"
import { deleteMcpServer, restartMcpServer, setMcpServerDisabled } from "../../state/mcpActions"
import { ConfirmChoices } from "../common/ConfirmChoices"
import { IconButton } from "../common/IconButton"
import { Disclosure } from "./Disclosure"
import { McpResourceLists } from "./McpResourceLists"
import { McpStatusBadge } from "./McpStatusBadge"
import { McpToolList } from "./McpToolList"
import { mcpProblemText } from "./mcpProblemText"

// Protocol names, the same in every language.
const transportLabels: Record<McpServerView["transport"], string> = {
	stdio: "stdio",
	"streamable-http": "Streamable HTTP",
	sse: "SSE",
}

/** Why the server is not working, and what it last wrote to stderr (often the real reason). */
function Failure({ server }: { server: McpServerView }) {
	const { t } = useTranslation("mcp")
	const stderr = server.stderr ?? []
	const failing = server.status === "error" || server.status === "disconnected"
	const why = server.problem && mcpProblemText(server.problem, t, "field")
	return (
		<>
			{why !== undefined && (
				<div className={`mcp-server-error${server.status === "blocked" ? " blocked" : ""}`}>
					{why}
				</div>
			)}
			{failing && stderr.length > 0 && (
				<Disclosure label={t("serverOutput", { count: stderr.length })} initiallyOpen={false}>
					<pre
						className="mcp-stderr"
						tabIndex={0}
						aria-label={t("stderrOf", { server: server.name })}
					>
						{stderr.join("\n")}
					</pre>
				</Disclosure>
			)}
		</>
	)
}

function Actions({ server, onDelete }: { server: McpServerView; onDelete: () => void }) {
	const { t } = useTranslation("mcp")
	const disabled = server.status === "disabled"
	return (
		<div className="mcp-server-actions">
			{!disabled && (
				<IconButton
					icon="debug-restart"
					label={t("restartServer", { server: server.name })}
					text={t("restart")}
					onClick={() => restartMcpServer(server)}
				/>
			)}
			<IconButton
				icon={disabled ? "play" : "debug-stop"}
				label={
					disabled
						? t("enableServer", { server: server.name })
						: t("disableServer", { server: server.name })
				}
				text={disabled ? t("enable") : t("disable")}
				onClick={() => setMcpServerDisabled(server, !disabled)}
			/>
			<IconButton
				icon="trash"
				label={t("deleteServer", { server: server.name })}
				text={t("delete")}
				onClick={onDelete}
			/>
		</div>
	)
}

/** The servers of the same name in later files that this one hides (another tool's, in the workspace). */
function Shadows({ server }: { server: McpServerView }) {
	const { t, i18n } = useTranslation("mcp")
	const shadows = server.shadows ?? []
	if (shadows.length === 0) return null
	const files = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
		shadows.map(configFileLabel),
	)
	return (
		<div className="mcp-server-meta mcp-server-shadows" title={shadows.join("\n")}>
			{t("shadows", { files })}
		</div>
	)
}

/** One configured server: where it comes from, how it is doing, what it offers, and its actions. */
export function McpServerCard({ server }: { server: McpServerView }) {
	const { t } = useTranslation("mcp")
	const [confirmingDelete, setConfirmingDelete] = useState(false)
	const source = t(`source.${server.source}`)
	// A workspace's servers may come from any of several tools' files: say which.
	const from =
		server.source === "project"
			? t("sourceFile", { source, file: configFileLabel(server.configFile) })
			: source
	return (
		<article
			className={`mcp-server mcp-server-${server.status}`}
			aria-label={`${server.name} (${source})`}
		>
			<div className="mcp-server-head">
				<h3 className="mcp-server-name">{server.name}</h3>
				<McpStatusBadge server={server} />
			</div>
			<div className="mcp-server-meta" title={server.configFile}>
				{from} · {transportLabels[server.transport]}
			</div>
			<Shadows server={server} />
			<Failure server={server} />
			<McpToolList server={server} />
			<McpResourceLists server={server} />
			{confirmingDelete ? (
				<ConfirmChoices
					question={t("deleteQuestion", { server: server.name, file: server.configFile })}
					choices={[
						{
							label: t("delete"),
							primary: true,
							onChoose: () => {
								setConfirmingDelete(false)
								deleteMcpServer(server)
							},
						},
					]}
					onCancel={() => setConfirmingDelete(false)}
				/>
			) : (
				<Actions server={server} onDelete={() => setConfirmingDelete(true)} />
			)}
		</article>
	)
}
