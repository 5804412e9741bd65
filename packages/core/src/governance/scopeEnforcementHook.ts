import type { ClineSayTool } from "@cairn/types"
import { declaredPaths, isDestructiveTool } from "../hooks/toolClassifier.js"
import type { ToolHook } from "../hooks/toolHook.js"
import { resolveWorkspacePath } from "../workspace/workspacePaths.js"
import { governanceBlocks } from "./governanceBlocks.js"
import type { GovernanceSession } from "./governanceSession.js"
import type { Intent } from "./intentsFile.js"
import { IntentScope } from "./intentScope.js"

/** The first declared path the intent does not cover; `paths` empty means the tool names none. */
async function firstOutside(
	workspaceRoot: string,
	scope: IntentScope,
	paths: readonly string[],
): Promise<string | undefined> {
	for (const requested of paths) {
		const resolved = await resolveWorkspacePath(workspaceRoot, requested)
		// A path that cannot be resolved cannot be shown to be in scope.
		if (!resolved.ok) return requested
		if (scope.judge(resolved.path) === "outside") return resolved.path.relative
	}
	return undefined
}

function violationReason(intent: Intent, toolName: string, outside: string | undefined): string {
	const owned = intent.owned_scope.join(", ") || "no files"
	return outside !== undefined
		? `${outside} is outside the owned scope of ${intent.id} (${owned})`
		: `${toolName} does not say which files it changes, so the owned scope of ${intent.id} (${owned}) cannot vouch for it`
}

/**
 * Before every destructive tool in a governed workspace: blocks it without an active intent
 * (or with an unusable intents file), lets it through when the intent owns every path it
 * names, and otherwise asks the person; a denial is the REQ-001 scope_violation error.
 */
export function scopeEnforcementHook(session: GovernanceSession): ToolHook {
	return {
		name: "ScopeEnforcementHook",
		async before(call, run) {
			if (!isDestructiveTool(call.name)) return {}
			const state = await session.state()
			if (state.kind === "off") return {}
			if (state.kind === "broken") return { block: governanceBlocks.unavailable(state.problem) }
			const { intent, ended } = session.currentIntent(state.intents)
			if (intent === undefined) return { block: governanceBlocks.noActiveIntent(state.intents, ended) }

			const paths = declaredPaths(call.name, call.input)
			const scope = await IntentScope.load(session.workspaceRoot, intent)
			const outside = await firstOutside(session.workspaceRoot, scope, paths)
			if (paths.length > 0 && outside === undefined) return {}

			const reason = violationReason(intent, call.name, outside)
			const command = call.input.command
			const row: ClineSayTool = {
				tool: "scopeViolation",
				intentId: intent.id,
				intentName: intent.name,
				toolName: call.name,
				...(outside !== undefined && { path: outside }),
				...(typeof command === "string" && { command }),
				reason,
			}
			const answer = await run.ask(row)
			if (answer.approved) return {}
			return { block: governanceBlocks.scopeViolation(intent, outside, reason, answer.feedback) }
		},
	}
}
