import { useEffect } from "react"
import { requestMcpServers } from "../../state/mcpActions"
import { useWebviewStore } from "../../state/store"
import { McpConfigButtons } from "./McpConfigButtons"
import { McpEmptyState } from "./McpEmptyState"
import { McpProblems } from "./McpProblems"
import { McpServerCard } from "./McpServerCard"
import "./mcp.css"

/** Every MCP server from the global and the project config, with the config's problems on top. */
export function McpView() {
	const mcp = useWebviewStore((s) => s.mcp)
	// The host sends changes as they happen; asking on open covers a view opened before the first.
	useEffect(() => requestMcpServers(), [])
	return (
		<main className="mcp-view" aria-label="MCP servers">
			{mcp === undefined ? (
				<p className="muted">Loading MCP servers…</p>
			) : (
				<>
					<McpProblems problems={mcp.problems} />
					{mcp.servers.length === 0 ? (
						<McpEmptyState />
					) : (
						<>
							<McpConfigButtons />
							<ul className="mcp-server-list" aria-label="MCP servers">
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
