import { totalsOf, type ClineMessage } from "@cairn/types"
import type { LedgerRecord } from "./ledgerRecord.js"
import { spentOf, TaskLedger } from "./taskLedger.js"

export interface SavedLedger {
	messages: readonly ClineMessage[]
	/** The task's ledger journal; undefined for a task saved before ledgers (none on disk). */
	ledger?: readonly LedgerRecord[]
}

/**
 * The ledger of a new task, or of one read back. A task saved before ledgers starts from what
 * its transcript's request rows say it spent, journaled at once: from then on deleting those rows
 * cannot lower it.
 */
export function openLedger(
	saved: SavedLedger | undefined,
	persist: ((record: LedgerRecord) => void) | undefined,
): TaskLedger {
	if (saved === undefined || saved.ledger !== undefined)
		return new TaskLedger({ ...(saved?.ledger && { saved: saved.ledger }), ...(persist && { persist }) })
	const carried: LedgerRecord = { kind: "carried", spent: spentOf(totalsOf(saved.messages)) }
	if (carried.spent.requests > 0 || carried.spent.cost > 0) persist?.(carried)
	return new TaskLedger({ saved: [carried], ...(persist && { persist }) })
}
