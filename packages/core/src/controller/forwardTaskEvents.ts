import { CairnEventName, type CairnAPIEvents, type ClineMessage, type HistoryItem } from "@cairn/types"
import type { Task } from "../task/Task.js"
import type { IsolatedEmitter } from "./isolatedEmitter.js"

const answered = (message: ClineMessage) =>
	message.outcome !== undefined || message.chosenSuggestion !== undefined

/**
 * Re-emits a task's events as public API events (with its id), and reports what the history
 * list must learn (tokens, cost, status) through `onItemChange`.
 */
export function forwardTaskEvents(
	task: Task,
	events: IsolatedEmitter<CairnAPIEvents>,
	onItemChange: (changes: Partial<HistoryItem>) => void,
): void {
	const id = task.taskId
	task.on("message", ({ action, message }) => {
		// An answered ask gets a record of how it ended (outcome, exit code, chosen suggestion).
		// Seed 002's listeners act on every ask they are sent, so that record is not sent as one:
		// it would read as the question asked again.
		if (action === "updated" && message.type === "ask" && answered(message)) return
		events.emit(CairnEventName.Message, { taskId: id, action, message })
	})
	task.on("taskStarted", () => events.emit(CairnEventName.TaskStarted, id))
	task.on("taskModeSwitched", (mode) => {
		onItemChange({ mode })
		events.emit(CairnEventName.TaskModeSwitched, id, mode)
	})
	task.on("taskPaused", () => events.emit(CairnEventName.TaskPaused, id))
	task.on("taskUnpaused", () => events.emit(CairnEventName.TaskUnpaused, id))
	task.on("taskAskResponded", () => events.emit(CairnEventName.TaskAskResponded, id))
	task.on("taskActive", () => events.emit(CairnEventName.TaskActive, id))
	task.on("taskInteractive", () => events.emit(CairnEventName.TaskInteractive, id))
	task.on("taskIdle", () => events.emit(CairnEventName.TaskIdle, id))
	task.on("taskResumable", () => events.emit(CairnEventName.TaskResumable, id))
	task.on("taskToolFailed", (tool, error) => events.emit(CairnEventName.TaskToolFailed, id, tool, error))
	task.on("taskAborted", () => {
		onItemChange({ status: "aborted" })
		events.emit(CairnEventName.TaskAborted, id)
	})
	task.on("taskTokenUsageUpdated", (usage) => {
		onItemChange({
			tokensIn: usage.totalTokensIn,
			tokensOut: usage.totalTokensOut,
			cacheWrites: usage.totalCacheWrites ?? 0,
			cacheReads: usage.totalCacheReads ?? 0,
			totalCost: usage.totalCost,
			requests: usage.requests ?? 0,
			reasoningTokens: usage.totalReasoningTokens ?? 0,
			unpricedRequests: usage.unpricedRequests ?? 0,
			...(usage.subtasks && { subtasks: usage.subtasks }),
		})
		events.emit(CairnEventName.TaskTokenUsageUpdated, id, usage)
	})
	task.on("taskCompleted", (tokenUsage, toolUsage) => {
		onItemChange({ status: "completed" })
		events.emit(CairnEventName.TaskCompleted, id, tokenUsage, toolUsage)
	})
}
