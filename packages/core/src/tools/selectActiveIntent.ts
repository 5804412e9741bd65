import { z } from "zod"
import type { ToolDefinition } from "./toolDefinition.js"
import { toolError } from "./support/toolResults.js"

const params = z.object({
	intent_id: z.string().trim().min(1).describe("An IN_PROGRESS intent's id, e.g. INT-001."),
})
export type SelectActiveIntentParams = z.infer<typeof params>

/**
 * The handshake of a governed workspace (seed 004). The hooks around it check the intent and
 * inject its context; the tool itself makes the intent the task's active one.
 */
export const selectActiveIntentTool: ToolDefinition<SelectActiveIntentParams> = {
	name: "select_active_intent",
	description: [
		"Declare the intent of .orchestration/active_intents.yaml this task works on. In a governed workspace it comes first: tools that change files or run commands are blocked until an intent is active. The result gives its specification, owned scope, constraints, acceptance criteria and recent changes; change only files in its scope.",
	].join("\n"),
	params,
	async execute({ intent_id }, context) {
		if (context.intents === undefined)
			return toolError("There is no intent governance here to select an intent in.")
		const activated = await context.intents.activate(intent_id)
		if (!activated.ok) return toolError(`${intent_id} was not selected: ${activated.error}.`)
		const { id, name } = activated.intent
		return {
			content: `${id} (${name}) is now the active intent. Work within its owned scope and keep to its constraints.`,
		}
	},
}
