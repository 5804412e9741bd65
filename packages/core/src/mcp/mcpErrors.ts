import type { McpProblem } from "@cairn/types"
import { loadedMcpSdk } from "./mcpSdk.js"
import type { McpServerConfig } from "./serverConfig.js"

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Whether `error` is the SDK's McpError with that code (none exists before the SDK is loaded). */
function isMcpError(error: unknown, code: "ConnectionClosed" | "RequestTimeout"): boolean {
	const sdk = loadedMcpSdk()
	return sdk !== undefined && error instanceof sdk.McpError && error.code === sdk.ErrorCode[code]
}

/** Why a server could not be connected, as a problem a person can act on. */
export function startProblem(error: unknown, config: McpServerConfig): McpProblem {
	const launch = config.launch
	const code = (error as NodeJS.ErrnoException).code
	if (launch.transport === "stdio" && code === "ENOENT")
		return { kind: "program_not_found", params: { command: launch.command, cwd: launch.cwd } }
	if (isMcpError(error, "ConnectionClosed"))
		return { kind: launch.transport === "stdio" ? "exited_early" : "closed_early", params: {} }
	if (isMcpError(error, "RequestTimeout")) return { kind: "init_timeout", params: {} }
	if (launch.transport !== "stdio")
		return { kind: "connect_failed", params: { url: launch.url, said: messageOf(error) } }
	return { kind: "start_failed", params: { said: messageOf(error) } }
}

/** Why a call failed, for the model and the person: a timeout, a server that stopped, or its own error. */
export function describeCallError(error: unknown, config: McpServerConfig, connected: boolean): string {
	const server = `The MCP server "${config.name}"`
	if (isMcpError(error, "RequestTimeout"))
		return `${server} did not answer within ${config.timeoutSec} s (its "timeout" in ${config.configFile} allows longer).`
	if (!connected) return `${server} stopped during the call (${messageOf(error)}).`
	return `${server} failed the call: ${messageOf(error)}`
}
