import type { ClineMessage } from "@cairn/types"
import type { ContextView } from "../context/contextView.js"
import type { FileContextState } from "../context/fileContext/fileContextState.js"
import type { LedgerRecord } from "../ledger/ledgerRecord.js"
import type { ApiMessage } from "../providers/apiMessage.js"

/**
 * Where a task's state goes as it changes. The Task only reports; the Controller decides how
 * it is stored (the crash-safe TaskStore). Calls must not block the loop.
 */
export interface TaskPersistence {
	/** A message is final (new, completed, or changed later): journal this version. */
	messageFinal(message: ClineMessage): void
	/**
	 * The API history changed: it grew, its trailing user message was extended, or the view the
	 * model is sent changed (a condense or a truncation).
	 */
	apiHistoryChanged(history: readonly ApiMessage[], view: ContextView): void
	/** Resolves when everything reported so far is written (or has failed, which stops the task). */
	flushed(): Promise<void>
	/** The files the model has in context changed (at most once per turn): save this state. */
	fileContextChanged?(state: FileContextState): void
	/** The task's ledger gained a record (a request it paid for, a subtask's spending): journal it. */
	ledgerRecorded?(record: LedgerRecord): void
}

/** A task read back from disk, to continue. */
export interface SavedTask {
	messages: readonly ClineMessage[]
	apiHistory: readonly ApiMessage[]
	/** What of the history the model was being sent; the whole of it when absent. */
	contextView?: ContextView
	/** The last saved FileContextState, unvalidated; absent for a task saved without one. */
	fileContext?: unknown
	/** The ledger's journal; absent for a task saved before ledgers (its transcript's rows are carried over). */
	ledger?: readonly LedgerRecord[]
}
