import type { ToolHook } from "../hooks/toolHook.js"
import { governanceBlocks } from "./governanceBlocks.js"
import type { GovernanceSession } from "./governanceSession.js"
import { buildIntentContext } from "./intentContext.js"

/**
 * Before `select_active_intent`: checks the requested intent against the file and injects its
 * `<intent_context>`; an unknown or finished intent is refused with the ids that are valid.
 */
export function contextInjectorHook(session: GovernanceSession): ToolHook {
	return {
		name: "ContextInjectorHook",
		async before(call) {
			if (call.name !== "select_active_intent") return {}
			const state = await session.state()
			if (state.kind === "off") return { block: governanceBlocks.notEnabled() }
			if (state.kind === "broken") return { block: governanceBlocks.unavailable(state.problem) }
			const requested = String(call.input.intent_id)
			const found = session.find(state.intents, requested)
			if (!found.ok) return { block: governanceBlocks.invalidIntent(requested, state.intents) }
			const { intent } = found
			return {
				context: {
					text: await buildIntentContext(session.workspaceRoot, intent),
					intentId: intent.id,
					intentName: intent.name,
				},
			}
		},
	}
}
