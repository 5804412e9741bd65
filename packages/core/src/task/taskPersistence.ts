import type { ClineMessage } from "@cairn/types"
import type { ApiMessage } from "../providers/apiMessage.js"

/**
 * Where a task's state goes as it changes. The Task only reports; the Controller decides how
 * it is stored (the crash-safe TaskStore). Calls must not block the loop.
 */
export interface TaskPersistence {
	/** A message is final (new, completed, or changed later): journal this version. */
	messageFinal(message: ClineMessage): void
	/** The API history changed (grew, or its trailing user message was extended). */
	apiHistoryChanged(history: readonly ApiMessage[]): void
}

/** A task read back from disk, to continue. */
export interface SavedTask {
	messages: readonly ClineMessage[]
	apiHistory: readonly ApiMessage[]
}
