import type { CairnSettings } from "@cairn/types"
import type { TaskCheckpointer } from "../checkpoints/taskCheckpoints.js"
import type { CodebaseSearch } from "../codebase-index/codebaseIndex.js"
import type { Host } from "../host/Host.js"
import type { ModeLookup } from "../modes/modeLookup.js"
import type { ModelProvider, ToolSpec } from "../providers/modelProvider.js"
import type { ReturnedSubtask, TaskSubtasks } from "../subtasks/taskSubtasks.js"
import type { TaskTelemetry } from "../telemetry/taskTelemetry.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import type { ToolSource } from "../tools/toolSource.js"
import type { TaskBilling } from "./taskBilling.js"
import type { SavedTask, TaskPersistence } from "./taskPersistence.js"

// What a Task is made of and how a stored one goes on: the Controller and the subtask stack
// build tasks from these without reading the loop.

export interface TaskOptions {
	host: Host
	provider: ModelProvider
	tools: readonly ToolDefinition[]
	toolSpecs: readonly ToolSpec[]
	/** Tools that come and go while the task runs (the MCP servers'), read at every request. */
	liveTools?: ToolSource
	/** The workspace's semantic index; codebase_search is offered while it is ready. */
	codebaseSearch?: CodebaseSearch
	/** Read at every turn, so a settings change applies to the running task. */
	settings: () => CairnSettings
	mode: string
	/** Where the mode is looked up at every request (custom modes change while the task runs). */
	modes?: ModeLookup
	taskId?: string
	/** First retry delay when the provider gives no retry-after; tests shorten it. */
	retryBaseDelayMs?: number
	persistence?: TaskPersistence
	/** Continue a task read back from disk (then call resumeFromHistory, not startTask). */
	saved?: SavedTask
	/** The model that condenses the conversation; the task's own when unset. */
	condensingProvider?: ModelProvider
	/** Saves the workspace's files at the task's start and before each turn's first change. */
	checkpoints?: TaskCheckpointer
	/** Runs the subtasks this task starts (new_task); absent: it can start none. */
	subtasks?: TaskSubtasks
	/** Where each request it sends is billed: its ledger, budgets and telemetry (the task factory builds it). */
	billing: TaskBilling
	/** A subtask: its completion goes straight back to its parent instead of waiting for feedback. */
	returnsToParent?: boolean
	/** Where its spans and metrics go, when the person turned OpenTelemetry export on. */
	telemetry?: TaskTelemetry
}

/** How a task read back from disk goes on. */
export interface ResumeOptions {
	/** Go on at once with this message from the person, without offering to resume. */
	continueWith?: { text: string; images?: string[] }
	/** Go on at once as if the person pressed Resume (the board's Resume); a finished task still asks. */
	atOnce?: boolean
	/** Run again from the task's first message (it was edited; the history was rewound to empty). */
	fromFirstMessage?: boolean
	/** Go on at once, answering the new_task call that waited for this subtask (after a restart). */
	subtaskReturned?: ReturnedSubtask
}

/** How the loop left off. `cancelled` tasks can be resumed; `abandoned` ones cannot. */
export type TaskStatus = "idle" | "running" | "completed" | "cancelled" | "abandoned"
