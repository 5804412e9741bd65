import { modelAnswerCount } from "./request-text.js"
import type { ScriptedTurn, SideTurn, TurnFunction } from "./scenario.js"

/**
 * A turn that plays one conversation's own script, whichever order requests of several
 * conversations arrive in: the answer is the script's turn after as many as the model has
 * already given in that conversation. Past the end it answers with a text saying so, which
 * the test then sees instead of a hang.
 */
export function conversationTurn(script: readonly ScriptedTurn[]): TurnFunction {
	return ({ request }) =>
		script[modelAnswerCount(request.body)] ?? {
			text: `The scripted conversation has no turn ${modelAnswerCount(request.body) + 1} (it has ${script.length}).`,
		}
}

/**
 * Side turns for tasks that run at the same time: each task is recognised by a piece of the
 * text it was started with, and plays its own script.
 */
export function concurrentConversations(
	scripts: Readonly<Record<string, readonly ScriptedTurn[]>>,
): SideTurn[] {
	return Object.entries(scripts).map(([firstUserIncludes, script]) => ({
		when: { firstUserIncludes },
		turn: conversationTurn(script),
	}))
}
