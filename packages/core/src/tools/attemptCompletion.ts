import { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"

const params = z.object({
	result: z
		.string()
		.trim()
		.min(1)
		.describe(
			"What was done, as a final statement to the user. Do not end with a question or an offer of more help.",
		),
	command: z
		.string()
		.trim()
		.min(1)
		.optional()
		.describe(
			"A command that shows the result (e.g. `open index.html`), offered to the user; not run by this tool.",
		),
})
export type AttemptCompletionParams = z.infer<typeof params>

/**
 * Ends the task loop. The contract with the Task: a result with `completesTask: true` whose
 * content is the text to show as the `completion_result` (the suggested command, if any, is
 * appended as a line the user can copy). The Task then asks `completion_result`; feedback on
 * it starts a new turn with that feedback, which is the Task's business, not this tool's.
 */
export const attemptCompletionTool: ToolDefinition<AttemptCompletionParams> = {
	name: "attempt_completion",
	description: [
		"Present the result of your work when the task is complete: every requested change made and, where possible, verified (tests or the build run).",
		"Only use it after the tools you used have confirmed success. The user may reply with feedback, and you then continue.",
		'Example: {"result": "Added input validation to the signup form and a test for each rule; all tests pass."}',
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.result !== "string" || partial.result === "") return undefined
		return { say: "completion_result", text: partial.result }
	},
	execute({ result, command }) {
		const text = command === undefined ? result : `${result}\n\nTo see the result, run: \`${command}\``
		return Promise.resolve({ content: text, completesTask: true })
	},
}
