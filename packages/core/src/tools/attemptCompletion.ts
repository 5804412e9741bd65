import { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"

const params = z.object({
	result: z
		.string()
		.trim()
		.min(1)
		.describe("What was done, concisely and as a final statement: no question or offer of more help."),
	command: z
		.string()
		.trim()
		.min(1)
		.optional()
		.describe("A command that shows the result (e.g. `open index.html`), offered to the user."),
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
		"Present the result once the task is done: every requested change made, confirmed by the tools and where possible verified (tests, build).",
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
