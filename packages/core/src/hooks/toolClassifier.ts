import { isToolName, type ToolName } from "@cairn/types"

/**
 * What a tool does to the world. `reads` and `converses` change nothing outside the task;
 * `edits` changes files; `runs` executes commands; `external` acts on something else
 * (an MCP server, a browser) whose effects Cairn cannot see.
 */
export type ToolEffect = "reads" | "converses" | "edits" | "runs" | "external"

interface ToolClass {
	effect: ToolEffect
	/** The arguments that name the files the tool changes. */
	pathParams?: readonly string[]
}

/** Every tool, classified once. The compiler makes a new tool name take a place here. */
const classes: Readonly<Record<ToolName, ToolClass>> = {
	read_file: { effect: "reads" },
	list_files: { effect: "reads" },
	search_files: { effect: "reads" },
	list_code_definition_names: { effect: "reads" },
	codebase_search: { effect: "reads" },
	access_mcp_resource: { effect: "reads" },
	fetch_instructions: { effect: "reads" },
	use_skill: { effect: "reads" },
	ask_followup_question: { effect: "converses" },
	attempt_completion: { effect: "converses" },
	switch_mode: { effect: "converses" },
	new_task: { effect: "converses" },
	update_todo_list: { effect: "converses" },
	select_active_intent: { effect: "converses" },
	write_to_file: { effect: "edits", pathParams: ["path"] },
	apply_diff: { effect: "edits", pathParams: ["path"] },
	insert_content: { effect: "edits", pathParams: ["path"] },
	search_and_replace: { effect: "edits", pathParams: ["path"] },
	execute_command: { effect: "runs" },
	read_command_output: { effect: "reads" },
	stop_command: { effect: "runs" },
	use_mcp_tool: { effect: "external" },
	browser_action: { effect: "external" },
}

/** The effect of a tool; a name Cairn does not know is assumed to change things. */
export function toolEffect(name: string): ToolEffect {
	return isToolName(name) ? classes[name].effect : "external"
}

/** Whether a tool can change state outside the conversation: what governance and approvals guard. */
export function isDestructiveTool(name: string): boolean {
	const effect = toolEffect(name)
	return effect !== "reads" && effect !== "converses"
}

/**
 * The paths a call says it will change, as the model wrote them. Empty for a tool that names
 * none (a command can change anything, so a scope check cannot pass it on its paths).
 */
export function declaredPaths(name: string, input: Readonly<Record<string, unknown>>): string[] {
	const params = isToolName(name) ? (classes[name].pathParams ?? []) : []
	return params.flatMap((param) => {
		const value = input[param]
		return typeof value === "string" && value.trim() !== "" ? [value] : []
	})
}
