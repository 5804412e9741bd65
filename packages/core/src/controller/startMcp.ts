import type { McpSnapshot } from "@cairn/types"
import type { Host } from "../host/Host.js"
import { McpHub } from "../mcp/McpHub.js"
import { McpToolSource } from "../mcp/mcpTools.js"
import type { ControllerMcpOptions } from "./controllerOptions.js"

/** A few seconds for each server, which connect side by side; an npx download may take longer. */
const defaultReadyTimeoutMs = 10_000

/** A Controller's MCP servers and the tools they offer its tasks. */
export interface ControllerMcp {
	hub: McpHub
	tools: McpToolSource
}

/** Starts the MCP servers as `options` say; `onChange` hears every change to them. */
export async function startMcp(
	host: Host,
	options: ControllerMcpOptions,
	clientVersion: string,
	onChange: (snapshot: McpSnapshot) => void,
): Promise<ControllerMcp> {
	const hub = await McpHub.start({
		workspaceRoot: host.workspaceRoot,
		globalConfigFile: options.globalConfigFile,
		...(options.projectConfigFile && { projectConfigFile: options.projectConfigFile }),
		projectConsent: {
			state: host.state,
			...(host.askConsent && {
				ask: (code) => host.askConsent?.(code) ?? Promise.resolve(false),
			}),
			howToAllow: options.howToAllowProject,
		},
		logger: host.logger,
		clientVersion,
		...(options.reconnect && { reconnect: options.reconnect }),
		...(options.stopGraceMs !== undefined && { stopGraceMs: options.stopGraceMs }),
		...(options.env && { env: options.env }),
	})
	hub.onDidChange(() => onChange(hub.snapshot()))
	return { hub, tools: new McpToolSource(hub, options.readyTimeoutMs ?? defaultReadyTimeoutMs) }
}
