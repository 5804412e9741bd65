import type { ClineSayTool } from "@cairn/types"
import type { TFunction } from "i18next"

/**
 * Where a tool call stands: proposed (waiting or streaming), done (approved, by the person or
 * the settings), or not done (rejected, failed, cancelled, skipped).
 */
export type ToolPhase = "proposed" | "done" | "not_done"

/**
 * The header of a tool row. While the tool asks for approval it says what Cairn wants to do;
 * once done it says what Cairn did; a call that did not happen says what Cairn wanted to do.
 */
export function toolTitle(tool: ClineSayTool, phase: ToolPhase, t: TFunction<"rows">): string {
	const form = phase === "done" ? "did" : phase === "not_done" ? "wanted" : "wants"
	// A scope violation never ran as proposed: it is only ever asked about or refused.
	const asked = phase === "not_done" ? "wanted" : "wants"
	switch (tool.tool) {
		case "readFile":
		case "listFilesTopLevel":
		case "listFilesRecursive":
		case "listCodeDefinitionNames":
		case "searchFiles":
		case "newFileCreated":
		case "searchAndReplace":
		case "executeCommand":
		case "finishTask":
		case "fetchInstructions":
		case "updateTodoList":
			return t(`tool.${tool.tool}.${form}`)
		case "editedExistingFile":
		case "appliedDiff":
			return t(`tool.editFile.${form}`)
		case "insertContent":
			return t(`tool.insertContent.${form}`, { line: tool.lineNumber })
		case "switchMode":
		case "newTask":
			return t(`tool.${tool.tool}.${form}`, { mode: tool.mode })
		case "codebaseSearch":
			return t(`tool.codebaseSearch.${form}`, { query: tool.query })
		case "selectActiveIntent":
			return t(`tool.selectActiveIntent.${form}`, { intent: tool.intentId })
		case "useSkill":
			return t(`tool.useSkill.${form}`, { name: tool.name })
		case "scopeViolation":
			return tool.path !== undefined
				? t(`tool.scopeViolationFile.${asked}`, { intent: tool.intentId })
				: t(`tool.scopeViolationRun.${asked}`, { intent: tool.intentId, toolName: tool.toolName })
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
		case "useSkill":
			return "lightbulb"
		case "updateTodoList":
			return "checklist"
		case "selectActiveIntent":
			return "target"
		case "scopeViolation":
			return "shield"
	}
}
