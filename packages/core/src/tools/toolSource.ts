import type { McpServerNotReady } from "@cairn/types"
import type { ToolDefinition } from "./toolDefinition.js"

/**
 * Tools whose set changes while a task runs (the connected MCP servers'). A task reads it at
 * every request, so a server that connects mid-task is offered from the next request on, in
 * the modes with the mcp group.
 */
export interface ToolSource {
	tools(): readonly ToolDefinition<unknown, string>[]
	/** What the system prompt says about these tools; undefined when there is nothing to say. */
	promptSection(): string | undefined
	/**
	 * Resolves once the servers that are starting have connected, or could be waited for no
	 * longer: those still starting then. A task waits for it before its first request.
	 */
	whenReady?(): Promise<readonly McpServerNotReady[]>
}
