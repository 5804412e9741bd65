import type { ClineSayTool, ToolName } from "@cairn/types"

/** The tool a transcript row reports, by its row kind (several kinds come from one tool). */
const toolNameByKind: Readonly<Record<Exclude<ClineSayTool["tool"], "scopeViolation">, ToolName>> = {
	readFile: "read_file",
	listFilesTopLevel: "list_files",
	listFilesRecursive: "list_files",
	searchFiles: "search_files",
	listCodeDefinitionNames: "list_code_definition_names",
	newFileCreated: "write_to_file",
	editedExistingFile: "write_to_file",
	appliedDiff: "apply_diff",
	insertContent: "insert_content",
	searchAndReplace: "search_and_replace",
	executeCommand: "execute_command",
	switchMode: "switch_mode",
	newTask: "new_task",
	finishTask: "attempt_completion",
	fetchInstructions: "fetch_instructions",
	useSkill: "use_skill",
	codebaseSearch: "codebase_search",
	updateTodoList: "update_todo_list",
	selectActiveIntent: "select_active_intent",
}

/** The tool a row is about; a scope-violation ask is about the call governance stopped. */
export function toolNameOf(row: ClineSayTool): string {
	return row.tool === "scopeViolation" ? row.toolName : toolNameByKind[row.tool]
}
