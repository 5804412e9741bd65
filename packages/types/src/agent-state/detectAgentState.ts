import { askCategory, type AskCategory, type ClineAsk } from "../message/clineAsk.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { isApiRequestStreaming } from "./apiRequestStatus.js"
import { lastStateMessage } from "./stateMessage.js"

/** The states of seed 000's diagram. */
export const AgentLoopState = {
	NO_TASK: "no_task",
	RUNNING: "running",
	STREAMING: "streaming",
	WAITING_FOR_INPUT: "waiting_for_input",
	IDLE: "idle",
	RESUMABLE: "resumable",
} as const
export type AgentLoopState = (typeof AgentLoopState)[keyof typeof AgentLoopState]

/** What a person (or a script) has to do for the task to move on. */
export type RequiredAction =
	| "start_task"
	| "none"
	| "approve"
	| "answer"
	| "retry_or_new_task"
	| "proceed_or_new_task"
	| "continue_or_end"
	| "new_task_or_feedback"
	| "new_task"
	| "resume_or_abandon"
	| "continue_or_abort"

export interface AgentStateInfo {
	state: AgentLoopState
	/** An ask waits for an answer: approval, answer, or a decision after the task stopped. */
	isWaitingForInput: boolean
	/** The agent is working (running or streaming). */
	isRunning: boolean
	isStreaming: boolean
	/** The ask of the last message, also while it is still streaming in. */
	currentAsk?: ClineAsk
	askCategory?: AskCategory
	requiredAction: RequiredAction
	lastMessageTs?: number
	/** One line for logs and status bars. */
	description: string
}

const actionByAsk: Readonly<Record<ClineAsk, RequiredAction>> = {
	followup: "answer",
	command: "approve",
	tool: "approve",
	browser_action_launch: "approve",
	use_mcp_server: "approve",
	command_output: "continue_or_abort",
	completion_result: "new_task_or_feedback",
	api_req_failed: "retry_or_new_task",
	mistake_limit_reached: "proceed_or_new_task",
	auto_approval_max_req_reached: "continue_or_end",
	budget_reached: "continue_or_end",
	resume_task: "resume_or_abandon",
	resume_completed_task: "new_task",
}

const stateByCategory: Readonly<Record<AskCategory, AgentLoopState>> = {
	idle: AgentLoopState.IDLE,
	interactive: AgentLoopState.WAITING_FOR_INPUT,
	resumable: AgentLoopState.RESUMABLE,
	// A running command does not block the loop: the agent goes on unless told to stop.
	nonBlocking: AgentLoopState.RUNNING,
}

/**
 * The agent's state from its transcript alone. Only the last message (context notices passed
 * over) and the latest API request are read, so the cost does not grow with the length of the task.
 */
export function detectAgentState(messages: readonly ClineMessage[]): AgentStateInfo {
	const last = lastStateMessage(messages)
	if (last === undefined) {
		return {
			state: AgentLoopState.NO_TASK,
			isWaitingForInput: false,
			isRunning: false,
			isStreaming: false,
			requiredAction: "start_task",
			description: "no task",
		}
	}
	const ask = last.type === "ask" ? last.ask : undefined
	const base = { lastMessageTs: last.ts, ...(ask && { currentAsk: ask, askCategory: askCategory(ask) }) }

	if (last.partial === true) {
		return {
			...base,
			state: AgentLoopState.STREAMING,
			isWaitingForInput: false,
			isRunning: true,
			isStreaming: true,
			requiredAction: "none",
			description: ask ? `streaming ${ask} ask` : `streaming ${last.say ?? "message"}`,
		}
	}

	if (ask !== undefined) {
		const state = stateByCategory[askCategory(ask)]
		const running = state === AgentLoopState.RUNNING
		return {
			...base,
			state,
			isWaitingForInput: !running,
			isRunning: running,
			isStreaming: false,
			requiredAction: actionByAsk[ask],
			description: running ? `running, ${ask} can be interrupted` : `${state}: ${ask}`,
		}
	}

	const streaming = isApiRequestStreaming(messages)
	return {
		...base,
		state: streaming ? AgentLoopState.STREAMING : AgentLoopState.RUNNING,
		isWaitingForInput: false,
		isRunning: true,
		isStreaming: streaming,
		requiredAction: "none",
		description: streaming ? "streaming the model's answer" : `running after ${last.say ?? "message"}`,
	}
}
