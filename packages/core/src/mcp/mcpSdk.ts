import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js"
import { lazy } from "../providers/wireHelpers.js"
import type { createTransport } from "./transport.js"

export interface McpSdk {
	Client: typeof Client
	ErrorCode: typeof ErrorCode
	McpError: typeof McpError
	createTransport: typeof createTransport
}

let loaded: McpSdk | undefined

/**
 * The MCP SDK and its transports, imported when the first server connects: with its schemas and
 * ajv they hold ~25 MB, which a person without MCP servers should not pay at every start.
 */
export const loadMcpSdk = lazy(async (): Promise<McpSdk> => {
	const [{ Client }, { ErrorCode, McpError }, { createTransport }] = await Promise.all([
		import("@modelcontextprotocol/sdk/client/index.js"),
		import("@modelcontextprotocol/sdk/types.js"),
		import("./transport.js"),
	])
	loaded = { Client, ErrorCode, McpError, createTransport }
	return loaded
})

/**
 * The SDK once some server has loaded it, else undefined: an McpError can only exist once it is
 * loaded, so code that classifies errors needs no import of its own.
 */
export function loadedMcpSdk(): McpSdk | undefined {
	return loaded
}
