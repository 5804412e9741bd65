import type {
	BackgroundStopper,
	BudgetStatus,
	CheckpointSaved,
	ClineAsk,
	ClineSayHook,
	CommandExitInfo,
	McpServerNotReady,
	RestoreReport,
	TaskCard,
} from "@cairn/types"

/** Bumped when a line's meaning changes; new event types or fields do not bump it. */
export const streamSchemaVersion = 1

export type ToolStatus = "success" | "error" | "rejected" | "cancelled"

/**
 * What happened in a task, derived from its transcript (see TranscriptEvents for exactly when
 * each is emitted). `stream-json` writes each as a line; `json` keeps the finished ones (not the
 * deltas); text output renders them for people.
 */
export type StreamEvent =
	| { type: "system"; subtype: "task_started"; taskId: string }
	| { type: "system"; subtype: "task_resumed"; taskId: string; task: string; messageCount: number }
	| {
			type: "system"
			subtype: "retry"
			attempt: number
			maxAttempts: number
			delayMs: number
			error: string
	  }
	| {
			type: "system"
			subtype: "ask_answered"
			id: string
			ask: ClineAsk
			response: string
			by: "auto" | "person"
			text?: string
	  }
	| { type: "system"; subtype: "mode_changed"; mode: string }
	/** A board task's card changed (a prompt stream follows every task this way, each by its `taskId`). */
	| { type: "system"; subtype: "task_card"; card: TaskCard }
	/** The task on screen started a subtask (new_task), which is followed from here on. */
	| { type: "system"; subtype: "subtask_started"; taskId: string; parentTaskId: string }
	/** The subtask ended and its result went back to its parent, which is followed again. */
	| { type: "system"; subtype: "subtask_returned"; taskId: string; parentTaskId: string }
	/** A tool hook's doing (seed 004): context it injected, a call it blocked, a failure, an intent that ended. */
	| { type: "system"; subtype: "hook"; hook: ClineSayHook }
	/** A prompt stream (stdin, IPC): this ask waits for an answer (with why -y did not approve it). */
	| { type: "system"; subtype: "waiting_for_answer"; id: string; ask: ClineAsk; blockers: string[] }
	/** The conversation was summarized to fit the context window (automatically or on request). */
	| {
			type: "system"
			subtype: "context_condensed"
			id: string
			prevContextTokens: number
			newContextTokens: number
			cost: number
			summary: string
	  }
	/** A condense was tried and could not be done; the task goes on with its context as it was. */
	| { type: "system"; subtype: "condense_failed"; id: string; error: string }
	/** The workspace's files were saved (`reason`: task start, before a turn's changes, before a restore). */
	| {
			type: "system"
			subtype: "checkpoint_saved"
			id: string
			checkpoint: string
			reason: CheckpointSaved["reason"]
	  }
	/** Files were restored to a checkpoint (and the task rewound, when `taskRewound`); `checkpoint` saved the files just before. */
	| ({ type: "system"; subtype: "checkpoint_restored"; id: string; checkpoint: string } & RestoreReport)
	/** Checkpoints could not be saved; the task goes on without them. */
	| { type: "system"; subtype: "checkpoints_unavailable"; id: string; error: string }
	/** The oldest messages were left out of what the model is sent, to fit its context window. */
	| { type: "system"; subtype: "context_truncated"; id: string; text?: string }
	/**
	 * A background command started (`state: "running"`) or ended (`"ended"`, with `exit`, and
	 * `stoppedBy` when it was stopped); `id` is the agent's name for it ("cmd_1").
	 */
	| {
			type: "system"
			subtype: "background_command"
			id: string
			command: string
			state: "running" | "ended"
			exit?: CommandExitInfo
			stoppedBy?: BackgroundStopper
	  }
	/** A background command printed more (`delta`: only the new text). */
	| { type: "background_output"; id: string; delta: string }
	/** An MCP server was still not connected when the task's first request could wait no longer. */
	| ({ type: "system"; subtype: "mcp_server_not_ready"; id: string } & McpServerNotReady)
	/** A budget passed 80% of its limit; at 100% the task asks `budget_reached` before its next request. */
	| ({ type: "system"; subtype: "budget_notice"; id: string } & BudgetStatus)
	| { type: "user"; id: string; text: string }
	/**
	 * Mentions in the person's message `id` whose content the model did not get (as typed, e.g.
	 * "@git-changes"); the model was told why. Follows the `user` event once the mentions are read.
	 */
	| { type: "system"; subtype: "mentions_left_out"; id: string; mentions: string[] }
	| { type: "assistant" | "reasoning"; id: string; delta: string; done: false }
	| { type: "assistant" | "reasoning"; id: string; text: string; done: true }
	| {
			type: "tool_use"
			id: string
			name: string
			/** The transcript row kind (ClineSayTool `tool`), e.g. "newFileCreated". */
			kind: string
			input: Record<string, unknown>
			/** "ask": waits for approval (an `ask` event follows); "auto": ran without asking. */
			approval: "ask" | "auto"
	  }
	| { type: "tool_output"; id: string; delta: string }
	| {
			type: "tool_result"
			id: string
			name: string
			status: ToolStatus
			output?: string
			error?: string
			/** A command's exit code, where it ran to an end. */
			exitCode?: number
	  }
	| {
			type: "ask"
			id: string
			ask: ClineAsk
			text?: string
			question?: string
			suggestions?: string[]
			toolUseId?: string
	  }
	| { type: "completion"; id: string; text: string }
	| { type: "error"; source: "agent" | "api" | "host"; message: string }
	| {
			type: "cost"
			id: string
			tokensIn: number
			tokensOut: number
			cacheWrites?: number
			cacheReads?: number
			cost: number
			totalCost: number
			cancelReason?: string
			failure?: string
	  }

/** Deltas are for watching; `json` output and final summaries keep the rest. */
export function isFinishedEvent(event: StreamEvent): boolean {
	if (event.type === "tool_output" || event.type === "background_output") return false
	if (event.type === "assistant" || event.type === "reasoning") return event.done
	return true
}

export interface Tokens {
	input: number
	output: number
	cacheWrites: number
	cacheReads: number
	/** Output tokens spent reasoning (part of `output`), where the provider said so. */
	reasoning?: number
}
