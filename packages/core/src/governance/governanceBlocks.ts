import type { HookBlock } from "../hooks/toolHook.js"
import type { PersonFeedback } from "../tools/toolDefinition.js"
import { isInProgress, type Intent } from "./intentsFile.js"
import { orchestrationFiles } from "./orchestrationFiles.js"

// The structured errors the model gets when governance stops a tool, each with a sentence for
// the person. The model reads `error` to decide what to do next, so each says how to recover.

const selectableIds = (intents: readonly Intent[]) => intents.filter(isInProgress).map((i) => i.id)

export const governanceBlocks = {
	unavailable: (problem: string): HookBlock => ({
		reason: `Governance is on but cannot work: ${problem}. Tools that change things are blocked until the file is fixed.`,
		error: {
			error: "governance_unavailable",
			message: `${problem}. Tools that change files or run commands are blocked until the user fixes ${orchestrationFiles.intents}; tell the user.`,
		},
	}),

	notEnabled: (): HookBlock => ({
		reason: `There are no intents in this workspace (no ${orchestrationFiles.intents}).`,
		error: {
			error: "governance_not_enabled",
			message: `This workspace has no ${orchestrationFiles.intents}, so there is no intent to select. Go on without one.`,
		},
	}),

	noActiveIntent: (intents: readonly Intent[], ended?: { intentId: string; reason: string }): HookBlock => {
		const before = ended
			? `The intent ${ended.intentId} is no longer active: ${ended.reason}.`
			: "No intent is active."
		return {
			reason: `${before} Changes are blocked until an intent is selected.`,
			error: {
				error: "no_active_intent",
				message: `${before} Call select_active_intent with the intent_id of an IN_PROGRESS intent before changing anything.`,
				valid_intent_ids: selectableIds(intents),
			},
		}
	},

	invalidIntent: (requested: string, intents: readonly Intent[]): HookBlock => {
		const found = intents.find((i) => i.id === requested)
		const why = found
			? `its status is ${found.status}, not IN_PROGRESS`
			: `there is no such intent in ${orchestrationFiles.intents}`
		return {
			reason: `The intent ${requested} cannot be selected: ${why}.`,
			error: {
				error: "invalid_intent",
				intent_id: requested,
				message: `${requested} cannot be selected: ${why}. Select one of valid_intent_ids, or ask the user.`,
				valid_intent_ids: selectableIds(intents),
			},
		}
	},

	/** REQ-001: the person denied a change outside the active intent's owned scope. */
	scopeViolation: (
		intent: Intent,
		filename: string | undefined,
		reason: string,
		feedback: PersonFeedback | undefined,
	): HookBlock => ({
		reason,
		byPerson: true,
		intentId: intent.id,
		...(filename !== undefined && { path: filename }),
		error: {
			code: "REQ-001",
			error: "scope_violation",
			intent_id: intent.id,
			filename: filename ?? null,
			message: `The user denied this change: ${reason}. Stay within the owned scope of ${intent.id}, or ask the user.`,
			...(feedback?.text && { user_feedback: feedback.text }),
		},
	}),
}
