import type { HistoryItem, TaskTotals } from "@cairn/types"
import type { TaskLedger } from "./taskLedger.js"

interface WithLedger {
	readonly taskId: string
	readonly ledger: TaskLedger
}

/**
 * A subtask's spending reaches its parent's ledger as it happens, whichever Task object runs the
 * parent by then (`live`: the parent running in this process, if it is).
 */
export function reportToParent(
	task: WithLedger,
	parentId: string | undefined,
	live: (taskId: string) => WithLedger | undefined,
): void {
	if (parentId === undefined) return
	task.ledger.onChange((totals) => live(parentId)?.ledger.subtaskSpent(task.taskId, totals))
}

/**
 * A parent read back from disk learns what its subtasks spent while it was not running (a
 * restart resumes the deepest subtask first) from their history items.
 */
export function learnSubtasksOnRecord(task: WithLedger, items: readonly HistoryItem[]): void {
	for (const item of items)
		if (item.parentTaskId === task.taskId) task.ledger.subtaskSpent(item.id, totalsOfItem(item))
}

/** A history item's figures as a ledger's totals (its subtasks' included). */
export function totalsOfItem(item: HistoryItem): TaskTotals {
	return {
		requests: item.requests ?? 0,
		tokensIn: item.tokensIn,
		tokensOut: item.tokensOut,
		cacheReads: item.cacheReads ?? 0,
		cacheWrites: item.cacheWrites ?? 0,
		cost: item.totalCost,
		reasoningTokens: item.reasoningTokens ?? 0,
		unpriced: item.unpricedRequests ?? 0,
	}
}
