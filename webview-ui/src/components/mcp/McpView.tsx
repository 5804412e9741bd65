import { useCallback, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { requestMcpServers } from "../../state/mcpActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"
import { McpAddServer } from "./McpAddServer"
import { McpConfigButtons } from "./McpConfigButtons"
import { McpEmptyState } from "./McpEmptyState"
import { McpProblems } from "./McpProblems"
import { McpServerCard } from "./McpServerCard"
import "./mcp.css"

/**
 * Every MCP server from the global and the project config, with the config's problems on top,
 * and the way to add one.
 */
export function McpView() {
	const { t } = useTranslation("mcp")
	const mcp = useWebviewStore((s) => s.mcp)
	const [addOpen, setAddOpen] = useState(false)
	const closeAdd = useCallback(() => setAddOpen(false), [])
	// The host sends changes as they happen; asking on open covers a view opened before the first.
	useEffect(() => requestMcpServers(), [])
	return (
		<main className="mcp-view" aria-label={t("servers")}>
			{mcp === undefined ? (
				<p className="muted">{t("loading")}</p>
			) : (
				<>
					<McpProblems problems={mcp.problems} />
					{addOpen ? (
						<McpAddServer onClose={closeAdd} />
					) : (
						<IconButton
							icon="add"
							label={t("add.open")}
							text={t("add.open")}
							className="mcp-add-open"
							onClick={() => setAddOpen(true)}
						/>
					)}
					{mcp.servers.length === 0 ? (
						<McpEmptyState />
					) : (
						<>
							<McpConfigButtons />
							<ul className="mcp-server-list" aria-label={t("servers")}>
								{mcp.servers.map((server) => (
									<li key={`${server.source}:${server.name}`}>
										<McpServerCard server={server} />
									</li>
								))}
							</ul>
						</>
					)}
				</>
			)}
		</main>
	)
}
