import {
	detectAgentState,
	emptyTaskSummary,
	type TaskSummary,
	type AgentStateInfo,
	type CairnSettings,
	type ClineMessage,
	type HistoryItem,
} from "@cairn/types"

/** What the client knows about the agent: seed 000's StoreState plus the current task's id. */
export interface StoreState {
	/**
	 * The current task's newest messages, as the host sent them (the snapshot's last page, then
	 * deltas); a long task's older messages are not held here (the host serves them by page).
	 */
	messages: readonly ClineMessage[]
	/** How many of the task's messages came before the snapshot's page. */
	olderMessages: number
	/** The host's summary of the whole task (totals, title...), from the snapshot and deltas. */
	summary: TaskSummary
	/** Computed from `messages` by `detectAgentState`, the one implementation in @cairn/types. */
	agentState: AgentStateInfo
	/** Whether a `state` snapshot has arrived yet. */
	isInitialized: boolean
	currentMode: string | undefined
	taskId: string | undefined
	/** The task stack from its root to the current task (a subtask's parents before it). */
	taskStack: readonly string[]
	/** The `seq` of the last delta applied; a gap means one was missed. */
	seq: number
	settings: CairnSettings | undefined
	/** The workspace's tasks, newest first, as the last snapshot and history deltas left them. */
	taskHistory: readonly HistoryItem[]
}

/**
 * Holds the state and recomputes the agent state whenever the transcript changes. Every change
 * replaces `state` with a new object, so readers (React, the dispatcher) can compare by identity.
 */
export class StateStore {
	private current: StoreState = {
		messages: [],
		olderMessages: 0,
		summary: emptyTaskSummary,
		agentState: detectAgentState([]),
		isInitialized: false,
		currentMode: undefined,
		taskId: undefined,
		taskStack: [],
		seq: 0,
		settings: undefined,
		taskHistory: [],
	}

	get state(): StoreState {
		return this.current
	}

	setMessages(messages: readonly ClineMessage[], changes: Partial<StoreState> = {}): void {
		this.current = { ...this.current, ...changes, messages, agentState: detectAgentState(messages) }
	}

	update(changes: Partial<Omit<StoreState, "messages" | "agentState">>): void {
		this.current = { ...this.current, ...changes }
	}
}
