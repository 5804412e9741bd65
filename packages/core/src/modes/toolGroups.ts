import type { ToolName } from "@cairn/types"

/** The named families of tools a mode is built from. */
export type ToolGroup = "read" | "edit" | "command" | "mcp" | "browser" | "modes"

/**
 * The core tools in each group. A mode only filters the tools that exist and are available
 * (codebase_search only once an index exists, browser_action only where a browser can run). The mcp group also brings every live MCP server
 * tool (see offeredTools).
 */
export const toolGroups: Readonly<Record<ToolGroup, readonly ToolName[]>> = {
	read: ["read_file", "list_files", "search_files", "list_code_definition_names", "codebase_search"],
	edit: ["write_to_file", "apply_diff", "insert_content", "search_and_replace"],
	command: ["execute_command", "read_command_output", "stop_command"],
	mcp: ["use_mcp_tool", "access_mcp_resource"],
	browser: ["browser_action"],
	modes: ["switch_mode", "new_task"],
}

/** Offered in every mode: talking to the person, finishing, and keeping track of the work. */
export const alwaysOfferedTools: readonly ToolName[] = [
	"ask_followup_question",
	"attempt_completion",
	"update_todo_list",
	"select_active_intent",
	"fetch_instructions",
	// Withdrawn where no skill is enabled (see turnFrame).
	"use_skill",
]
