import type { GovernanceSession } from "./governanceSession.js"
import { isInProgress } from "./intentsFile.js"
import { orchestrationFiles } from "./orchestrationFiles.js"

export interface GovernanceTurn {
	/** The system prompt's GOVERNANCE section; undefined in a workspace without intents. */
	section?: string
	/** Whether select_active_intent is offered to the model. */
	offersIntentTool: boolean
}

/** What the model is told about governance this turn (the prompt is rebuilt every turn). */
export async function governanceTurn(session: GovernanceSession): Promise<GovernanceTurn> {
	const state = await session.state()
	const file = orchestrationFiles.intents
	if (state.kind === "off") return { offersIntentTool: false }
	if (state.kind === "broken")
		return {
			offersIntentTool: true,
			section:
				`This workspace is governed by intents, but ${file} cannot be used: ${state.problem}. ` +
				"Every tool that changes files or runs commands is blocked until the user fixes it: tell the user what is wrong.",
		}
	const { intent } = session.currentIntent(state.intents)
	if (intent !== undefined)
		return {
			offersIntentTool: true,
			section:
				`This workspace is governed by intents (${file}). The active intent is ${intent.id} (${intent.name}). ` +
				`Change only files in its owned scope (${intent.owned_scope.join(", ") || "none declared"}); ` +
				"anything else, and every command, needs the user's approval and may be denied. " +
				"Keep to its constraints and acceptance criteria, given when it was selected.",
		}
	const open = state.intents.filter(isInProgress)
	const choices =
		open.length === 0
			? "No intent is IN_PROGRESS: ask the user to start one."
			: `Intents in progress: ${open.map((i) => `${i.id} (${i.name})`).join(", ")}.`
	return {
		offersIntentTool: true,
		section:
			`This workspace is governed by intents (${file}). No intent is active: your first action must be ` +
			"select_active_intent with the intent_id of the intent this task belongs to. Until then every tool that " +
			`changes files or runs commands is blocked. ${choices}`,
	}
}
