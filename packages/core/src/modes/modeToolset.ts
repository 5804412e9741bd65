import type { ToolName } from "@cairn/types"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import type { ToolSource } from "../tools/toolSource.js"
import { groupOf, type Mode } from "./modes.js"
import { alwaysOfferedTools, toolGroups } from "./toolGroups.js"

/** What a mode offers the model for one request. */
export interface ModeToolset {
	core: ToolDefinition[]
	/** The MCP servers' tools of the moment (use_mcp_tool and access_mcp_resource among them). */
	live: ToolDefinition<unknown, string>[]
	/** The MCP SERVERS section of the system prompt, when the mode offers MCP and there is one. */
	liveSection?: string
}

/** The core tool names a mode offers: its groups' and the ones every mode has. */
export function coreToolNamesOf(mode: Mode): ReadonlySet<ToolName> {
	return new Set([...alwaysOfferedTools, ...mode.groups.flatMap((entry) => toolGroups[entry.group])])
}

/**
 * Chooses the tools a mode offers from the ones that exist: a mode without the mcp group is
 * told nothing of the MCP servers, so it cannot call them.
 */
export function modeToolset(
	mode: Mode,
	core: readonly ToolDefinition[],
	live: ToolSource | undefined,
): ModeToolset {
	const allowed = coreToolNamesOf(mode)
	const offered = core.filter((tool) => allowed.has(tool.name))
	if (!live || !groupOf(mode, "mcp")) return { core: offered, live: [] }
	const liveSection = live.promptSection()
	return { core: offered, live: [...live.tools()], ...(liveSection && { liveSection }) }
}
