import { z } from "zod"
import { builtInModeLookup, unknownModeError } from "../modes/modeLookup.js"
import { parseTodoChecklist } from "../todos/todoChecklist.js"
import { deniedResult, toolError, withFeedback } from "../tools/support/toolResults.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"

const params = z.object({
	mode: z.string().trim().min(1).describe('The mode the subtask works in, e.g. "code".'),
	message: z
		.string()
		.trim()
		.min(1)
		.describe(
			"The subtask's complete instructions: it sees nothing of this conversation, so include every fact, file and constraint it needs, and say what its result must report.",
		),
	todos: z
		.string()
		.trim()
		.min(1)
		.optional()
		.describe("An optional checklist the subtask starts from, one `- [ ] step` per line."),
})
export type NewTaskParams = z.infer<typeof params>

/**
 * Delegates a piece of work to a subtask in another mode and waits for it: its completion result
 * (or why it ended without one) is this call's result. The Task isolates the call: whatever the
 * model called after it in the same message is skipped.
 */
export const newTaskTool: ToolDefinition<NewTaskParams> = {
	name: "new_task",
	description: [
		"Start a subtask in the given mode and wait for it to finish; its result comes back as this tool's result.",
		"Use it to delegate a self-contained piece of work. Call it alone, as the last tool of your message: you continue once the subtask is done.",
		'Example: {"mode": "code", "message": "In src/math.ts add a function `clamp(x, lo, hi)` with tests in src/math.test.ts; report the files changed.", "todos": "- [ ] add clamp\\n- [ ] add tests"}',
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.mode !== "string" || partial.mode === "") return undefined
		return { ask: "tool", row: { tool: "newTask", mode: partial.mode, content: partial.message ?? "" } }
	},
	async execute({ mode, message, todos }, context) {
		if (context.subtasks === undefined) return toolError("Subtasks cannot be started here.")
		const unknown = unknownModeError(context.modes ?? builtInModeLookup, mode)
		if (unknown !== undefined) return toolError(unknown)
		// A list the child could not read is the model's to correct now, before anyone approves it.
		const checklist = todos === undefined ? undefined : parseTodoChecklist(todos)
		if (checklist?.ok === false) return toolError(`The todos are not a checklist: ${checklist.error}`)
		const outcome = await context.approve({
			kind: "mode",
			row: { tool: "newTask", mode, content: message },
		})
		if (!outcome.approved) return deniedResult(`the subtask in ${mode} mode`, outcome.feedback)
		const ended = await context.subtasks.spawn({ mode, message, ...(todos !== undefined && { todos }) })
		return withFeedback(ended.text, outcome.feedback, ended.isError)
	},
}
