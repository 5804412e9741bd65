import type { McpServerInput, McpServerView, McpSource } from "@cairn/types"
import { postToHost } from "../vscode"

// What the MCP view sends. The host writes the change to the config file and answers with a
// fresh `mcpServers`, so the view shows what was stored, not what was clicked.

type ServerRef = Pick<McpServerView, "name" | "source">

export function requestMcpServers(): void {
	postToHost({ type: "requestMcpServers" })
}

export function restartMcpServer(server: ServerRef): void {
	postToHost({ type: "restartMcpServer", serverName: server.name, source: server.source })
}

export function setMcpServerDisabled(server: ServerRef, disabled: boolean): void {
	postToHost({ type: "toggleMcpServer", serverName: server.name, source: server.source, disabled })
}

/** Only after the person confirmed it: the server leaves its config file. */
export function deleteMcpServer(server: ServerRef): void {
	postToHost({ type: "deleteMcpServer", serverName: server.name, source: server.source })
}

export function setToolAlwaysAllow(server: ServerRef, toolName: string, alwaysAllow: boolean): void {
	postToHost({
		type: "toggleToolAlwaysAllow",
		serverName: server.name,
		source: server.source,
		toolName,
		alwaysAllow,
	})
}

export function openMcpSettings(source: McpSource): void {
	postToHost({ type: "openMcpSettings", source })
}

/** Writes a new server into the chosen config file; the host checks it as a hand-written entry. */
export function addMcpServer(source: McpSource, name: string, server: McpServerInput): void {
	postToHost({ type: "addMcpServer", serverName: name, source, server })
}
