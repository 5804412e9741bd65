import type { ClineMessage } from "@cairn/types"
import type { ContextView } from "../context/contextView.js"
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
}

/** A task read back from disk, to continue. */
export interface SavedTask {
	messages: readonly ClineMessage[]
	apiHistory: readonly ApiMessage[]
	/** What of the history the model was being sent; the whole of it when absent. */
	contextView?: ContextView
}
