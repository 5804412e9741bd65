import type { ClineMessage } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { TaskMetadata } from "../persistence/taskMetadata.js"
import type { MetadataChanges, TaskStore } from "../persistence/taskStore.js"
import type { ApiMessage } from "../providers/apiMessage.js"
import type { TaskPersistence } from "../task/taskPersistence.js"

/**
 * A task's writes to the TaskStore. Each journal orders its own appends, so a message goes to
 * disk at once instead of waiting behind a slower metadata save: the window in which a message
 * is shown but not yet written (what a kill -9 can lose) stays as short as one append.
 * Failures are logged, never thrown into the agent loop: a full disk must not stop the work.
 */
export class StoredTaskPersistence implements TaskPersistence {
	private readonly pending = new Set<Promise<unknown>>()
	private closed = false

	constructor(
		private readonly store: TaskStore,
		private readonly taskId: string,
		private readonly logger: Logger,
	) {}

	messageFinal(message: ClineMessage): void {
		this.track("a message", () => this.store.appendMessage(this.taskId, message))
	}

	apiHistoryChanged(history: readonly ApiMessage[]): void {
		// The live history is passed on purpose: the journal journals whatever it has gained since
		// its last sync, so a sync that waited its turn simply catches up.
		this.track("the API history", () => this.store.syncApiHistory(this.taskId, history))
	}

	/** Saves metadata changes (tokens, cost, status); the store applies them in order. */
	saveMetadata(changes: MetadataChanges, onSaved: (metadata: TaskMetadata) => void): void {
		this.track("the metadata", async () => onSaved(await this.store.saveMetadata(this.taskId, changes)))
	}

	/** Resolves when everything reported so far is written. */
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
		if (this.closed) {
			this.logger.debug(`Not saving ${what} of task ${this.taskId}: saving has stopped`)
			return
		}
		const promise = write()
			.catch((error: unknown) => {
				this.logger.error(`Saving ${what} of task ${this.taskId} failed`, { error: String(error) })
			})
			.finally(() => this.pending.delete(promise))
		this.pending.add(promise)
	}
}
