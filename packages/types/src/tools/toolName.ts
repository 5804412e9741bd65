import { z } from "zod"

/** Every tool the agent can call. The names are what the model sees and what events report. */
export const toolNames = [
	"execute_command",
	"read_command_output",
	"stop_command",
	"read_file",
	"write_to_file",
	"apply_diff",
	"insert_content",
	"search_and_replace",
	"search_files",
	"list_files",
	"list_code_definition_names",
	"browser_action",
	"use_mcp_tool",
	"access_mcp_resource",
	"ask_followup_question",
	"attempt_completion",
	"switch_mode",
	"new_task",
	"fetch_instructions",
	"codebase_search",
	"update_todo_list",
	"select_active_intent",
	"use_skill",
] as const

export const toolNameSchema = z.enum(toolNames)
export type ToolName = z.infer<typeof toolNameSchema>

export function isToolName(name: unknown): name is ToolName {
	return (toolNames as readonly unknown[]).includes(name)
}
