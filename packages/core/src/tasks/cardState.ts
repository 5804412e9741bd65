import {
	AgentLoopState,
	detectAgentState,
	isInteractiveAsk,
	type ClineMessage,
	type TaskCardState,
} from "@cairn/types"

/** What a task with a loop in this process shows on its card: its state, and the ask it waits on. */
export interface LiveCardState {
	state: Extract<TaskCardState, "running" | "waiting" | "done" | "failed" | "interrupted">
	/** The ask the person can answer on the card (state `waiting` or `failed`). */
	waitingOn?: ClineMessage
}

/** Asks after which the task stopped on an error it cannot go on from alone. */
const failingAsks = new Set(["api_req_failed", "mistake_limit_reached"])

/**
 * A running task's card state from its transcript, through the one agent-state detector: it reads
 * the last messages only, so a card costs the same for a long task as for a short one.
 */
export function liveCardState(messages: readonly ClineMessage[]): LiveCardState {
	const info = detectAgentState(messages)
	const ask = info.currentAsk
	if (ask === undefined || info.isStreaming || info.state === AgentLoopState.RUNNING)
		return { state: "running" }
	const asked = askAt(messages, info.lastMessageTs)
	// A reached limit waits on the person like an approval: raising it goes on with the task.
	if (isInteractiveAsk(ask) || ask === "auto_approval_max_req_reached" || ask === "budget_reached")
		return { state: "waiting", ...(asked && { waitingOn: asked }) }
	if (failingAsks.has(ask)) return { state: "failed", ...(asked && { waitingOn: asked }) }
	if (ask === "resume_task") return { state: "interrupted" }
	return { state: "done" }
}

/** True while the task's loop has work to do or waits on an approval mid-task: it holds a place then. */
export function holdsPlace(state: LiveCardState["state"]): boolean {
	return state === "running" || state === "waiting"
}

function askAt(messages: readonly ClineMessage[], ts: number | undefined): ClineMessage | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message?.ts === ts) return message
		if (message !== undefined && ts !== undefined && message.ts < ts) return undefined
	}
	return undefined
}
