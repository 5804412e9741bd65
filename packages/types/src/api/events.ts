import type { ClineMessage } from "../message/clineMessage.js"
import type { ToolName } from "../tools/toolName.js"
import type { TokenUsage, ToolUsage } from "./usage.js"

/** Event names of the public API (seed 002), plus the ask-category events of seed 001. */
export const CairnEventName = {
	Message: "message",
	TaskCreated: "taskCreated",
	TaskStarted: "taskStarted",
	TaskModeSwitched: "taskModeSwitched",
	TaskPaused: "taskPaused",
	TaskUnpaused: "taskUnpaused",
	TaskAskResponded: "taskAskResponded",
	TaskAborted: "taskAborted",
	TaskSpawned: "taskSpawned",
	TaskCompleted: "taskCompleted",
	TaskTokenUsageUpdated: "taskTokenUsageUpdated",
	TaskToolFailed: "taskToolFailed",
	/** The task is working (no ask waits). */
	TaskActive: "taskActive",
	/** The task waits for an approval or an answer (an interactive ask). */
	TaskInteractive: "taskInteractive",
	/** The task has stopped (an idle ask). */
	TaskIdle: "taskIdle",
	/** The task was interrupted and can be resumed (a resumable ask). */
	TaskResumable: "taskResumable",
} as const
export type CairnEventNameValue = (typeof CairnEventName)[keyof typeof CairnEventName]

export interface MessageEvent {
	taskId: string
	action: "created" | "updated"
	message: ClineMessage
}

/** Listener argument lists per event, for a typed EventEmitter. */
export interface CairnAPIEvents {
	message: [data: MessageEvent]
	taskCreated: [taskId: string]
	taskStarted: [taskId: string]
	taskModeSwitched: [taskId: string, mode: string]
	taskPaused: [taskId: string]
	taskUnpaused: [taskId: string]
	taskAskResponded: [taskId: string]
	taskAborted: [taskId: string]
	taskSpawned: [parentTaskId: string, childTaskId: string]
	taskCompleted: [taskId: string, tokenUsage: TokenUsage, toolUsage: ToolUsage]
	taskTokenUsageUpdated: [taskId: string, tokenUsage: TokenUsage]
	taskToolFailed: [taskId: string, toolName: ToolName, error: string]
	taskActive: [taskId: string]
	taskInteractive: [taskId: string]
	taskIdle: [taskId: string]
	taskResumable: [taskId: string]
}

// A compile-time check that the names and the map agree in both directions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const eventNamesMatch: Same<CairnEventNameValue, keyof CairnAPIEvents> = true
void eventNamesMatch
