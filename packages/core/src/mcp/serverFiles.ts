import path from "node:path"
import type { McpSource } from "@cairn/types"

/** The key a file's servers sit under: VS Code's own file says `servers`, every other `mcpServers`. */
export type ServersKey = "mcpServers" | "servers"

/** One file servers are configured in, and how it is read. */
export interface ServerFile {
	source: McpSource
	/** Absolute. */
	file: string
	serversKey: ServersKey
	/**
	 * Written for another tool, which starts a server given only a `url` without saying its
	 * transport (Cursor): such an entry is read as streamable HTTP. Cairn's own files say it.
	 */
	urlWithoutType: boolean
	/** Where the person's consent to this file is remembered, beside `.cairn/mcp.json`'s (see RepositoryCode.slot). */
	consentSlot?: string
}

/**
 * The workspace's server files, Cairn's own first: where two define a server of the same name
 * the earlier file's is used and the later's is shadowed. Each other tool's file is read as that
 * tool documents it: Roo Code (docs.roocode.com/features/mcp/using-mcp-in-roo), Cursor
 * (docs.cursor.com/context/model-context-protocol), VS Code
 * (code.visualstudio.com/docs/copilot/reference/mcp-configuration) and Claude Code's `.mcp.json`
 * (docs.anthropic.com/en/docs/claude-code/mcp).
 */
export function projectServerFiles(workspaceRoot: string, cairnFile?: string): ServerFile[] {
	const other = (relative: string, serversKey: ServersKey = "mcpServers"): ServerFile => ({
		source: "project",
		file: path.join(workspaceRoot, relative),
		serversKey,
		urlWithoutType: true,
		consentSlot: relative,
	})
	return [
		{
			source: "project",
			file: cairnFile ?? path.join(workspaceRoot, ".cairn", "mcp.json"),
			serversKey: "mcpServers",
			urlWithoutType: false,
		},
		other(path.join(".roo", "mcp.json")),
		other(path.join(".cursor", "mcp.json")),
		other(path.join(".vscode", "mcp.json"), "servers"),
		other(".mcp.json"),
	]
}

/** The person's own file. */
export const globalServerFile = (file: string): ServerFile => ({
	source: "global",
	file,
	serversKey: "mcpServers",
	urlWithoutType: false,
})
