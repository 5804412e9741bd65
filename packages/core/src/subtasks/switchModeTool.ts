import { z } from "zod"
import { builtInModeLookup, unknownModeError } from "../modes/modeLookup.js"
import { deniedResult, toolError, withFeedback } from "../tools/support/toolResults.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"

const params = z.object({
	mode_slug: z.string().trim().min(1).describe('The mode to work in from now on, e.g. "code".'),
	reason: z.string().trim().min(1).optional().describe("Why that mode suits what comes next."),
})
export type SwitchModeParams = z.infer<typeof params>

/** Changes the task's mode, with the person's approval unless they allowed mode switches. */
export const switchModeTool: ToolDefinition<SwitchModeParams> = {
	name: "switch_mode",
	description: [
		"Switch this task to another mode when the work needs what that mode offers (e.g. from architect to code once the plan is agreed). The user approves the switch.",
		"From the next request on you get that mode's role and tools; the conversation goes on.",
		'Example: {"mode_slug": "code", "reason": "The plan is agreed; time to implement it."}',
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.mode_slug !== "string" || partial.mode_slug === "") return undefined
		return { ask: "tool", row: { tool: "switchMode", mode: partial.mode_slug } }
	},
	async execute({ mode_slug: mode, reason }, context) {
		if (context.taskMode === undefined) return toolError("The mode cannot be switched here.")
		const unknown = unknownModeError(context.modes ?? builtInModeLookup, mode)
		if (unknown !== undefined) return toolError(unknown)
		if (mode === context.taskMode.current) return toolError(`The task is already in ${mode} mode.`)
		const outcome = await context.approve({
			kind: "mode",
			row: { tool: "switchMode", mode, ...(reason !== undefined && { reason }) },
		})
		if (!outcome.approved) return deniedResult(`the switch to ${mode} mode`, outcome.feedback)
		context.taskMode.switchTo(mode)
		return withFeedback(`Switched to ${mode} mode.`, outcome.feedback)
	},
}
