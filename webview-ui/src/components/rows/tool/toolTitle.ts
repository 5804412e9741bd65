import type { ClineSayTool } from "@cairn/types"

/**
 * Where a tool call stands: proposed (waiting or streaming), done (approved, by the person or
 * the settings), or not done (rejected, failed, cancelled, skipped).
 */
export type ToolPhase = "proposed" | "done" | "not_done"

/**
 * The header of a tool row. While the tool asks for approval it says what Cairn wants to do;
 * once done it says what Cairn did; a call that did not happen says what Cairn wanted to do.
 */
export function toolTitle(tool: ClineSayTool, phase: ToolPhase): string {
	const asking = phase !== "done"
	const wants = (what: string) => `Cairn ${phase === "not_done" ? "wanted" : "wants"} to ${what}`
	switch (tool.tool) {
		case "readFile":
			return asking ? wants("read this file") : "Cairn read this file"
		case "listFilesTopLevel":
			return asking ? wants("list this folder") : "Cairn listed this folder"
		case "listFilesRecursive":
			return asking ? wants("list this folder recursively") : "Cairn listed this folder recursively"
		case "listCodeDefinitionNames":
			return asking ? wants("list the definitions in this folder") : "Cairn listed the definitions"
		case "searchFiles":
			return asking ? wants("search this folder") : "Cairn searched this folder"
		case "newFileCreated":
			return asking ? wants("create a new file") : "Cairn created a new file"
		case "editedExistingFile":
		case "appliedDiff":
			return asking ? wants("edit this file") : "Cairn edited this file"
		case "insertContent":
			return asking
				? wants(`insert content at line ${tool.lineNumber}`)
				: `Cairn inserted content at line ${tool.lineNumber}`
		case "searchAndReplace":
			return asking ? wants("search and replace in this file") : "Cairn searched and replaced"
		case "executeCommand":
			return asking ? wants("run a command") : "Cairn ran a command"
		case "switchMode":
			return asking ? wants(`switch to ${tool.mode} mode`) : `Cairn switched to ${tool.mode} mode`
		case "newTask":
			return asking
				? wants(`start a subtask in ${tool.mode} mode`)
				: `Cairn started a subtask in ${tool.mode} mode`
		case "finishTask":
			return asking ? wants("finish this subtask") : "Cairn finished this subtask"
		case "fetchInstructions":
			return asking ? wants("fetch instructions") : "Cairn fetched instructions"
		case "codebaseSearch":
			return asking
				? wants(`search the codebase for “${tool.query}”`)
				: `Cairn searched the codebase for “${tool.query}”`
		case "updateTodoList":
			return asking ? wants("update the todo list") : "Cairn updated the todo list"
		case "selectActiveIntent":
			return asking
				? wants(`work on intent ${tool.intentId}`)
				: `Cairn is working on intent ${tool.intentId}`
		case "scopeViolation":
			return tool.path !== undefined
				? wants(`change a file outside intent ${tool.intentId}`)
				: wants(`run ${tool.toolName}, which intent ${tool.intentId} cannot vouch for`)
	}
}

export function toolIcon(tool: ClineSayTool["tool"]): string {
	switch (tool) {
		case "readFile":
			return "file"
		case "listFilesTopLevel":
		case "listFilesRecursive":
			return "folder-opened"
		case "listCodeDefinitionNames":
			return "symbol-class"
		case "searchFiles":
		case "codebaseSearch":
			return "search"
		case "newFileCreated":
			return "new-file"
		case "editedExistingFile":
		case "appliedDiff":
		case "insertContent":
		case "searchAndReplace":
			return "diff"
		case "executeCommand":
			return "terminal"
		case "switchMode":
			return "symbol-enum"
		case "newTask":
		case "finishTask":
			return "git-branch"
		case "fetchInstructions":
			return "book"
		case "updateTodoList":
			return "checklist"
		case "selectActiveIntent":
			return "target"
		case "scopeViolation":
			return "shield"
	}
}
