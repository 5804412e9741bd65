import { isInteractiveAsk } from "../message/clineAsk.js"
import type { ClineMessage } from "../message/clineMessage.js"
import type { ChatControls } from "./chatControls.js"
import { detectAgentState } from "./detectAgentState.js"

/**
 * What sending text does now, in the chat box or through the public API's `sendMessage`.
 * - `newTask`: there is no task; the text starts one.
 * - `answer`: an ask waits and takes typed text (seed 001's sendingDisabled is false).
 * - `queue`: the agent is working (streaming, running a tool or a command); the text waits
 *   locally for the next ask that takes an answer.
 * - `disabled`: the task stopped at an ask that only its buttons answer (a failed request, an
 *   auto-approval limit), so nothing typed could be delivered.
 */
export type SendMode = "newTask" | "answer" | "queue" | "disabled"

export function sendMode(messages: readonly ClineMessage[], controls: ChatControls): SendMode {
	if (messages.length === 0) return "newTask"
	const agent = detectAgentState(messages)
	if (!controls.sendingDisabled && agent.isWaitingForInput) return "answer"
	// sendingDisabled while the agent works means "not now", not "never": queue instead of losing it.
	if (agent.isRunning) return "queue"
	return "disabled"
}

/**
 * Whether a queued message may be sent as the answer to the current ask. At an approval ask
 * (tool, command, browser, MCP) typed text means "reject, because...", so a message written
 * before the request existed must not silently reject it; it waits for the next question,
 * completion or resume prompt instead.
 */
export function acceptsQueuedMessage(messages: readonly ClineMessage[], controls: ChatControls): boolean {
	if (sendMode(messages, controls) !== "answer") return false
	const ask = controls.clineAsk
	return ask !== undefined && !(isInteractiveAsk(ask) && ask !== "followup")
}
