import type { ClineMessage } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { TaskMetadata } from "../persistence/taskMetadata.js"
import type { MetadataChanges, TaskStore } from "../persistence/taskStore.js"
import type { ApiMessage } from "../providers/apiMessage.js"
import type { TaskPersistence } from "../task/taskPersistence.js"

/**
 * A task's writes to the TaskStore, one after another in the order they happened (a later
 * version of a message must land after an earlier one). Failures are logged, never thrown
 * into the agent loop: a full disk must not stop the work, only its saving.
 */
export class StoredTaskPersistence implements TaskPersistence {
	private queue: Promise<void> = Promise.resolve()
	private closed = false

	constructor(
		private readonly store: TaskStore,
		private readonly taskId: string,
		private readonly logger: Logger,
	) {}

	messageFinal(message: ClineMessage): void {
		this.enqueue("a message", () => this.store.appendMessage(this.taskId, message))
	}

	apiHistoryChanged(history: readonly ApiMessage[]): void {
		// The live history is passed on purpose: the journal journals whatever it has gained since
		// its last sync, so a sync that waited its turn simply catches up.
		this.enqueue("the API history", () => this.store.syncApiHistory(this.taskId, history))
	}

	/** Saves metadata changes (tokens, cost, status) in turn with the journal writes. */
	saveMetadata(changes: MetadataChanges, onSaved: (metadata: TaskMetadata) => void): void {
		this.enqueue("the metadata", async () => onSaved(await this.store.saveMetadata(this.taskId, changes)))
	}

	/** Resolves when everything reported so far is written. */
	flushed(): Promise<void> {
		return this.queue
	}

	/**
	 * Accepts no more writes and resolves when the accepted ones are done. A task abandoned at
	 * shutdown may still report a last message; it is dropped rather than written into a store
	 * that is closing.
	 */
	close(): Promise<void> {
		this.closed = true
		return this.queue
	}

	private enqueue(what: string, write: () => Promise<void>): void {
		if (this.closed) {
			this.logger.debug(`Not saving ${what} of task ${this.taskId}: saving has stopped`)
			return
		}
		this.queue = this.queue.then(write).catch((error: unknown) => {
			this.logger.error(`Saving ${what} of task ${this.taskId} failed`, { error: String(error) })
		})
	}
}
