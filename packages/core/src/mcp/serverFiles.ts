import path from "node:path"
import type { McpSource } from "@cairn/types"

/** The key a file's servers sit under: VS Code's own file says `servers`, every other `mcpServers`. */
export type ServersKey = "mcpServers" | "servers"

/** A `${name}` a tool fills in itself (see expandVariables for each one's value). */
export type PredefinedVariable =
	"workspaceFolder" | "workspaceFolderBasename" | "userHome" | "pathSeparator" | "/"

/**
 * The variables a file's strings may hold, as the tool the file is written for reads them. Any
 * other `${...}` is the tool's literal text and stays so.
 */
export interface VariableSyntax {
	/** `${env:NAME}`: the environment variable NAME. */
	envPrefixed: boolean
	/** Claude Code's `${NAME}` and `${NAME:-default}`: every `${...}` is an environment variable. */
	shellStyle: boolean
	predefined: readonly PredefinedVariable[]
	/** VS Code's `${input:id}`, a value the editor asks the person for when the server starts. */
	inputs: boolean
	/** A stdio server may name an `envFile`, a dotenv file whose variables join its `env`. */
	envFile: boolean
}

/** Cairn's own files: `${env:NAME}` and `${workspaceFolder}`. */
export const cairnVariables: VariableSyntax = {
	envPrefixed: true,
	shellStyle: false,
	predefined: ["workspaceFolder"],
	inputs: false,
	envFile: false,
}

// VS Code's predefined variables that mean something for a server started outside an editor
// (code.visualstudio.com/docs/reference/variables-reference); Cursor documents the same set.
const editorPredefined: readonly PredefinedVariable[] = [
	"workspaceFolder",
	"workspaceFolderBasename",
	"userHome",
	"pathSeparator",
	"/",
]

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
	variables: VariableSyntax
	/** Where the person's consent to this file is remembered, beside `.cairn/mcp.json`'s (see RepositoryCode.slot). */
	consentSlot?: string
}

/**
 * The workspace's server files, Cairn's own first: where two define a server of the same name
 * the earlier file's is used and the later's is shadowed. Each other tool's file is read as that
 * tool documents it, its variables included:
 * - Roo Code (docs.roocode.com/features/mcp/using-mcp-in-roo): `${env:NAME}`; `${workspaceFolder}`
 *   as Cairn's own files have it;
 * - Cursor (docs.cursor.com/context/model-context-protocol, "Config interpolation"): `${env:NAME}`,
 *   `${userHome}`, `${workspaceFolder}`, `${workspaceFolderBasename}`, `${pathSeparator}` or `${/}`,
 *   and `envFile`;
 * - VS Code (code.visualstudio.com/docs/copilot/reference/mcp-configuration): the same, and
 *   `${input:id}` from the file's `inputs`;
 * - Claude Code's `.mcp.json` (code.claude.com/docs/en/mcp, "Environment variable expansion"):
 *   `${VAR}` and `${VAR:-default}` in command, args, env, url and headers.
 */
export function projectServerFiles(workspaceRoot: string, cairnFile?: string): ServerFile[] {
	const other = (
		relative: string,
		variables: VariableSyntax,
		serversKey: ServersKey = "mcpServers",
	): ServerFile => ({
		source: "project",
		file: path.join(workspaceRoot, relative),
		serversKey,
		urlWithoutType: true,
		variables,
		consentSlot: relative,
	})
	const editor = { envPrefixed: true, shellStyle: false, predefined: editorPredefined, envFile: true }
	return [
		{
			source: "project",
			file: cairnFile ?? path.join(workspaceRoot, ".cairn", "mcp.json"),
			serversKey: "mcpServers",
			urlWithoutType: false,
			variables: cairnVariables,
		},
		other(path.join(".roo", "mcp.json"), cairnVariables),
		other(path.join(".cursor", "mcp.json"), { ...editor, inputs: false }),
		other(path.join(".vscode", "mcp.json"), { ...editor, inputs: true }, "servers"),
		other(".mcp.json", {
			envPrefixed: false,
			shellStyle: true,
			predefined: [],
			inputs: false,
			envFile: false,
		}),
	]
}

/** The person's own file. */
export const globalServerFile = (file: string): ServerFile => ({
	source: "global",
	file,
	serversKey: "mcpServers",
	urlWithoutType: false,
	variables: cairnVariables,
})
