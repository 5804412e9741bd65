import type { ToolName } from "@cairn/types"
import type { ToolSpec } from "../providers/modelProvider.js"
import { toolSpecs } from "../tools/registry.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import type { ToolSource } from "../tools/toolSource.js"
import { groupOf, type Mode } from "./modes.js"
import { alwaysOfferedTools, toolGroups } from "./toolGroups.js"

/** What a mode offers the model for one request. */
export interface ModeToolset {
	/** The tools the model may call, by name; a call to anything else is an unknown tool. */
	tools: ReadonlyMap<string, ToolDefinition<unknown, string>>
	/** Their schemas, as sent with the request. */
	specs: ToolSpec[]
	/** The MCP SERVERS section of the system prompt, when the mode offers MCP and there is one. */
	liveSection?: string
}

/** The core tool names a mode offers: its groups' and the ones every mode has. */
export function coreToolNamesOf(mode: Mode): ReadonlySet<ToolName> {
	return new Set([...alwaysOfferedTools, ...mode.groups.flatMap((entry) => toolGroups[entry.group])])
}

/**
 * Chooses the tools a mode offers from the ones that exist: the core tools of its groups and,
 * with the mcp group, the MCP servers' tools of the moment (use_mcp_tool and
 * access_mcp_resource among them). A mode without it is told nothing of the servers.
 * `isAvailable` withdraws core tools that cannot work right now (codebase_search without an index,
 * browser_action without a browser to launch).
 */
export function modeToolset(
	mode: Mode,
	core: { tools: readonly ToolDefinition[]; specs: readonly ToolSpec[] },
	live: ToolSource | undefined,
	isAvailable: (tool: ToolName) => boolean = () => true,
): ModeToolset {
	const allowed = coreToolNamesOf(mode)
	const offered = core.tools.filter((tool) => allowed.has(tool.name) && isAvailable(tool.name))
	const offersLive = live !== undefined && groupOf(mode, "mcp") !== undefined
	const liveTools = offersLive ? live.tools() : []
	const tools = new Map(
		[...offered, ...liveTools].map((tool) => [tool.name, tool as ToolDefinition<unknown, string>]),
	)
	const liveSection = offersLive ? live.promptSection() : undefined
	return {
		tools,
		specs: [...core.specs.filter((spec) => tools.has(spec.name)), ...toolSpecs(liveTools)],
		...(liveSection && { liveSection }),
	}
}
