import { z } from "zod"
import { applyDiffTool } from "./applyDiff.js"
import { askFollowupQuestionTool } from "./askFollowupQuestion.js"
import { attemptCompletionTool } from "./attemptCompletion.js"
import { browserActionTool } from "./browserAction.js"
import { codebaseSearchTool } from "./codebaseSearch.js"
import { executeCommandTool } from "./executeCommand.js"
import { fetchInstructionsTool } from "./fetchInstructions.js"
import { insertContentTool } from "./insertContent.js"
import { listCodeDefinitionNamesTool } from "./listCodeDefinitionNames.js"
import { listFilesTool } from "./listFiles.js"
import { readCommandOutputTool } from "./readCommandOutput.js"
import { readFileTool } from "./readFile.js"
import { searchAndReplaceTool } from "./searchAndReplace.js"
import { searchFilesTool } from "./searchFiles.js"
import { selectActiveIntentTool } from "./selectActiveIntent.js"
import { stopCommandTool } from "./stopCommand.js"
import { updateTodoListTool } from "./updateTodoList.js"
import type { ToolSpec } from "../providers/modelProvider.js"
import { useSkillTool } from "../skills/useSkillTool.js"
import { newTaskTool } from "../subtasks/newTaskTool.js"
import { switchModeTool } from "../subtasks/switchModeTool.js"
import type { ToolDefinition } from "./toolDefinition.js"
import { writeToFileTool } from "./writeToFile.js"

/** The tools every mode draws from; a mode chooses which of them the model is offered. */
export const coreTools: readonly ToolDefinition[] = [
	readFileTool,
	listFilesTool,
	searchFilesTool,
	listCodeDefinitionNamesTool,
	codebaseSearchTool,
	writeToFileTool,
	applyDiffTool,
	insertContentTool,
	searchAndReplaceTool,
	executeCommandTool,
	readCommandOutputTool,
	stopCommandTool,
	browserActionTool,
	askFollowupQuestionTool,
	attemptCompletionTool,
	updateTodoListTool,
	selectActiveIntentTool,
	fetchInstructionsTool,
	useSkillTool,
	switchModeTool,
	newTaskTool,
]

export function findCoreTool(name: string): ToolDefinition | undefined {
	return coreTools.find((tool) => tool.name === name)
}

/**
 * The schemas describe the input the model writes (fields with defaults are optional), and
 * drop `$schema`, which some providers reject inside a tool definition, and bounds that cost
 * bytes in every request without guiding a model: zod's ±2^53-1 on every integer, and string
 * lengths (non-empty, a 100 KB cap), which zod still checks on arrival with a clear error.
 */
export function toolSpecs(tools: readonly ToolDefinition<unknown, string>[]): ToolSpec[] {
	return tools.map((tool) => {
		const { $schema: _ignored, ...inputSchema } =
			tool.inputSchema ??
			(z.toJSONSchema(tool.params, { io: "input", override: dropSilentBounds }) as Record<
				string,
				unknown
			>)
		return { name: tool.name, description: tool.description, inputSchema }
	})
}

function dropSilentBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
	if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
	if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
	delete jsonSchema.minLength
	delete jsonSchema.maxLength
}
