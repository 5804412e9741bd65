import { isInProgress, loadIntents, type Intent, type IntentsState } from "./intentsFile.js"
import { orchestrationFiles } from "./orchestrationFiles.js"

export type IntentSelection = { ok: true; intent: Intent } | { ok: false; requested: string }

export interface GovernanceSessionOptions {
	/** The intent a resumed task was working under. */
	restoredIntentId?: string
	/** Called once when the active intent stops being IN_PROGRESS or disappears from the file. */
	onIntentEnded?: (intentId: string, reason: string) => void
}

/**
 * One task's governance (seed 004): whether the workspace is governed, and the intent the task
 * works under. The intents file is read again at every check, so a status change applies to
 * the next tool. Once a task has seen the file, losing it fails closed rather than open.
 */
export class GovernanceSession {
	private active: string | undefined
	private governed: boolean

	constructor(
		readonly workspaceRoot: string,
		private readonly options: GovernanceSessionOptions = {},
	) {
		this.active = options.restoredIntentId
		this.governed = options.restoredIntentId !== undefined
	}

	get activeIntentId(): string | undefined {
		return this.active
	}

	async state(): Promise<IntentsState> {
		const state = await loadIntents(this.workspaceRoot)
		if (state.kind !== "off") this.governed = true
		else if (this.governed)
			return {
				kind: "broken",
				problem: `${orchestrationFiles.intents} was removed while this task was governed by it`,
			}
		return state
	}

	/** The intent the model asked for, if it can be worked on. */
	find(intents: readonly Intent[], requested: string): IntentSelection {
		const intent = intents.find((i) => i.id === requested)
		return intent !== undefined && isInProgress(intent) ? { ok: true, intent } : { ok: false, requested }
	}

	/** Makes an IN_PROGRESS intent of the file the active one; the reason when it cannot. */
	async activate(requested: string): Promise<{ ok: true; intent: Intent } | { ok: false; error: string }> {
		const state = await this.state()
		if (state.kind !== "on") return { ok: false, error: `there are no usable intents (${state.kind})` }
		const found = this.find(state.intents, requested)
		if (!found.ok) return { ok: false, error: `${requested} is not an IN_PROGRESS intent` }
		this.active = found.intent.id
		return found
	}

	/** The active intent as the file has it now; ends it when it is gone or no longer in progress. */
	currentIntent(intents: readonly Intent[]): {
		intent?: Intent
		ended?: { intentId: string; reason: string }
	} {
		const id = this.active
		if (id === undefined) return {}
		const intent = intents.find((i) => i.id === id)
		if (intent !== undefined && isInProgress(intent)) return { intent }
		const reason =
			intent === undefined
				? `it is no longer in ${orchestrationFiles.intents}`
				: `its status is now ${intent.status}`
		this.active = undefined
		this.options.onIntentEnded?.(id, reason)
		return { ended: { intentId: id, reason } }
	}
}
