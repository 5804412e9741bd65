import type { ToolName } from "@cairn/types"

/** A built-in way of working: what the agent is for in it and which tools it may use. */
export interface Mode {
	slug: string
	name: string
	/** The tools offered to the model in this mode; the others are not sent at all. */
	tools: ReadonlySet<ToolName>
}

const reading: ToolName[] = [
	"read_file",
	"list_files",
	"search_files",
	"list_code_definition_names",
	"codebase_search",
]
const talking: ToolName[] = [
	"ask_followup_question",
	"attempt_completion",
	"update_todo_list",
	"select_active_intent",
]
const editing: ToolName[] = ["write_to_file", "apply_diff", "insert_content", "search_and_replace"]

export const builtInModes: readonly Mode[] = [
	{ slug: "code", name: "Code", tools: new Set([...reading, ...talking, ...editing, "execute_command"]) },
	{ slug: "architect", name: "Architect", tools: new Set([...reading, ...talking]) },
	{ slug: "ask", name: "Ask", tools: new Set([...reading, ...talking]) },
]

/** The mode with this slug; an unknown slug (an old setting) falls back to Code rather than failing. */
export function modeFor(slug: string): Mode {
	return builtInModes.find((mode) => mode.slug === slug) ?? (builtInModes[0] as Mode)
}
