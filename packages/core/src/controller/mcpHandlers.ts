import { access } from "node:fs/promises"
import type { McpSource, WebviewMessageOf } from "@cairn/types"
import { emptyConfigText, writeConfigText } from "../mcp/configFile.js"
import type { McpHub } from "../mcp/McpHub.js"
import type { Client, Handler, HandlerContext } from "./handlerContext.js"
import { textFor } from "./personText.js"

type McpMessageType =
	| "requestMcpServers"
	| "restartMcpServer"
	| "toggleMcpServer"
	| "deleteMcpServer"
	| "addMcpServer"
	| "toggleToolAlwaysAllow"
	| "openMcpSettings"

/** The hub, or undefined after telling the client this host runs no MCP servers. */
function hubOf(
	context: HandlerContext,
	message: WebviewMessageOf<McpMessageType>,
	reply: Client,
): McpHub | undefined {
	const hub = context.mcpHub
	if (hub === undefined)
		reply({
			type: "error",
			code: "failed",
			error: textFor(context)("host.noMcpServers"),
			inReplyTo: message.type,
		})
	return hub
}

/** Creates a missing config file with no servers, so the person has somewhere to start. */
async function ensureConfigFile(hub: McpHub, source: McpSource): Promise<string> {
	const file = hub.configFile(source)
	const exists = await access(file).then(
		() => true,
		() => false,
	)
	if (!exists) await writeConfigText(file, emptyConfigText)
	return file
}

/** The MCP messages of the protocol. Every change reaches every client as `mcpServers` (the hub's onDidChange). */
export const mcpHandlers: { [T in McpMessageType]: Handler<T> } = {
	requestMcpServers: async (context, _message, reply) => {
		reply({ type: "mcpServers", ...context.mcpSnapshot() })
	},
	restartMcpServer: async (context, message, reply) => {
		await hubOf(context, message, reply)?.restart(message.source, message.serverName)
	},
	toggleMcpServer: async (context, message, reply) => {
		await hubOf(context, message, reply)?.setDisabled(
			message.source,
			message.serverName,
			message.disabled,
		)
	},
	addMcpServer: async (context, message, reply) => {
		await hubOf(context, message, reply)?.addServer(message.source, message.serverName, message.server)
	},
	deleteMcpServer: async (context, message, reply) => {
		await hubOf(context, message, reply)?.delete(message.source, message.serverName)
	},
	toggleToolAlwaysAllow: async (context, message, reply) => {
		await hubOf(context, message, reply)?.setToolAlwaysAllow(
			message.source,
			message.serverName,
			message.toolName,
			message.alwaysAllow,
		)
	},
	openMcpSettings: async (context, message, reply) => {
		const hub = hubOf(context, message, reply)
		if (hub === undefined) return
		const file = await ensureConfigFile(hub, message.source)
		if (context.host.openFile === undefined)
			return reply({
				type: "error",
				code: "failed",
				error: textFor(context)("host.editFileYourself", { file }),
				inReplyTo: message.type,
			})
		await context.host.openFile(file)
	},
}
