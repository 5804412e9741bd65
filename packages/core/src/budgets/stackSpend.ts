import type { BudgetSpend, HistoryItem, TaskTotals } from "@cairn/types"
import { totalsOfItem } from "../ledger/subtaskLedgers.js"
import { addSpend, spendOfTotals } from "./spendMeter.js"

/**
 * Where the task budget of a task read back from disk starts: what its whole stack spent, since
 * a task's limit holds its subtasks too. `own` is the task's ledger with its subtasks' spending
 * on record learned. A task without a parent is its stack. A subtask resumed while its parents do
 * not run (a restart resumes the deepest subtask first) goes on from its root's history item,
 * which counts the stack as last saved, plus whatever its own ledger has past its own item (what
 * it and its subtasks spent that its parents never heard of).
 */
export function stackSpentOnRecord(
	taskId: string,
	own: TaskTotals,
	history: readonly HistoryItem[],
): BudgetSpend {
	const ownSpend = spendOfTotals(own)
	const item = history.find((known) => known.id === taskId)
	const rootId = item?.rootTaskId ?? item?.parentTaskId
	const root = rootId === undefined ? undefined : history.find((known) => known.id === rootId)
	if (item === undefined || root === undefined) return ownSpend
	const told = spendOfTotals(totalsOfItem(item))
	const untold = {
		cost: Math.max(0, ownSpend.cost - told.cost),
		tokens: Math.max(0, ownSpend.tokens - told.tokens),
	}
	return addSpend(spendOfTotals(totalsOfItem(root)), untold)
}
