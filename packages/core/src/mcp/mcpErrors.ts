import { loadedMcpSdk } from "./mcpSdk.js"
import type { McpServerConfig } from "./serverConfig.js"

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Whether `error` is the SDK's McpError with that code (none exists before the SDK is loaded). */
function isMcpError(error: unknown, code: "ConnectionClosed" | "RequestTimeout"): boolean {
	const sdk = loadedMcpSdk()
	return sdk !== undefined && error instanceof sdk.McpError && error.code === sdk.ErrorCode[code]
}

/** Why a server could not be connected, in words a person can act on. */
export function describeMcpError(error: unknown, config: McpServerConfig): string {
	const launch = config.launch
	const code = (error as NodeJS.ErrnoException).code
	if (launch.transport === "stdio" && code === "ENOENT")
		return `The program "${launch.command}" was not found (or the folder ${launch.cwd} does not exist).`
	if (isMcpError(error, "ConnectionClosed"))
		return launch.transport === "stdio"
			? "The server exited before it was ready."
			: "The connection closed before the server was ready."
	if (isMcpError(error, "RequestTimeout")) return "The server did not answer its initialization in time."
	if (launch.transport !== "stdio") return `Could not connect to ${launch.url}: ${messageOf(error)}`
	return messageOf(error)
}

/** Why a call failed, for the model and the person: a timeout, a server that stopped, or its own error. */
export function describeCallError(error: unknown, config: McpServerConfig, connected: boolean): string {
	const server = `The MCP server "${config.name}"`
	if (isMcpError(error, "RequestTimeout"))
		return `${server} did not answer within ${config.timeoutSec} s (its "timeout" in ${config.configFile} allows longer).`
	if (!connected) return `${server} stopped during the call (${messageOf(error)}).`
	return `${server} failed the call: ${messageOf(error)}`
}
