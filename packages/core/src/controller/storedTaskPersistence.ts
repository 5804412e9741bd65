import type { ClineMessage } from "@cairn/types"
import type { FileContextState } from "../context/fileContext/fileContextState.js"
import type { Logger } from "../host/Host.js"
import type { LedgerRecord } from "../ledger/ledgerRecord.js"
import { StorageError } from "../persistence/storageError.js"
import type { TaskMetadata } from "../persistence/taskMetadata.js"
import type { MetadataChanges, TaskStore } from "../persistence/taskStore.js"
import type { ContextView } from "../context/contextView.js"
import type { ApiMessage } from "../providers/apiMessage.js"
import type { TaskPersistence } from "../task/taskPersistence.js"

/**
 * A task's writes to the TaskStore. Each journal orders its own appends, so a message goes to
 * disk at once instead of waiting behind a slower metadata save: the window in which a message
 * is shown but not yet written (what a kill -9 can lose) stays as short as one append.
 *
 * The first failed write is reported to `onFailure` (which stops the task) and ends saving:
 * running on with nothing saved would lose work silently, and writing on after a gap could
 * leave a journal that is not a prefix of the task.
 */
export class StoredTaskPersistence implements TaskPersistence {
	private readonly pending = new Set<Promise<unknown>>()
	private closed = false
	private failed: StorageError | undefined

	constructor(
		private readonly store: TaskStore,
		private readonly taskId: string,
		private readonly logger: Logger,
		private readonly onFailure: (error: StorageError) => void,
	) {}

	/** The write that failed, if one did. */
	get failure(): StorageError | undefined {
		return this.failed
	}

	messageFinal(message: ClineMessage): void {
		this.track("a message", () => this.store.appendMessage(this.taskId, message))
	}

	apiHistoryChanged(history: readonly ApiMessage[], view: ContextView): void {
		// The live history is passed on purpose: the journal journals whatever it has gained since
		// its last sync, so a sync that waited its turn simply catches up.
		this.track("the API history", () => this.store.syncApiHistory(this.taskId, history, view))
	}

	fileContextChanged(state: FileContextState): void {
		this.track("the files in context", () => this.store.saveFileContext(this.taskId, state))
	}

	ledgerRecorded(record: LedgerRecord): void {
		this.track("what the task spent", () => this.store.appendLedger(this.taskId, record))
	}

	/** Saves metadata changes (tokens, cost, status); the store applies them in order. */
	saveMetadata(changes: MetadataChanges, onSaved: (metadata: TaskMetadata) => void): void {
		this.track("the metadata", async () => onSaved(await this.store.saveMetadata(this.taskId, changes)))
	}

	/** Resolves when everything reported so far is written or has failed. */
	async flushed(): Promise<void> {
		while (this.pending.size > 0) await Promise.all([...this.pending])
	}

	/**
	 * Accepts no more writes and resolves when the accepted ones are done. A task abandoned at
	 * shutdown may still report a last message; it is dropped rather than written into a store
	 * that is closing.
	 */
	close(): Promise<void> {
		this.closed = true
		return this.flushed()
	}

	private track(what: string, write: () => Promise<unknown>): void {
		if (this.closed || this.failed !== undefined) {
			this.logger.debug(`Not saving ${what} of task ${this.taskId}: saving has stopped`)
			return
		}
		const promise = write()
			.catch((error: unknown) => this.fail(what, error))
			.finally(() => this.pending.delete(promise))
		this.pending.add(promise)
	}

	private fail(what: string, error: unknown): void {
		const failure = error instanceof StorageError ? error : new StorageError(this.taskId, what, error)
		this.logger.error(`Saving ${what} of task ${this.taskId} failed`, { error: failure.message })
		if (this.failed !== undefined) return
		this.failed = failure
		this.onFailure(failure)
	}
}
