import { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"
import { commandState, newOutput } from "./readCommandOutput.js"
import { toolError } from "./support/toolResults.js"

const params = z.object({
	id: z.string().trim().min(1).describe('The background command\'s id ("cmd_1").'),
})
export type StopCommandParams = z.infer<typeof params>

/**
 * Ends a background command the agent started, and every process it started, and says how it
 * ended with its last output. Ending what the agent itself started asks no one.
 */
export const stopCommandTool: ToolDefinition<StopCommandParams> = {
	name: "stop_command",
	description:
		"Stop a background command execute_command started, and every process it started; says how it ended, with its last output.",
	params,
	async execute({ id }, context) {
		const command = context.commands?.find(id)
		if (command === undefined || !command.background)
			return toolError(`There is no background command "${id}" in this task.`)
		const stopped = await context.commands?.stop(id, "agent")
		const ended = stopped ?? command
		return { content: `${commandState(ended)}\n${newOutput(ended)}` }
	},
}
