import { setTimeout } from "node:timers/promises"
import type { Logger } from "../host/Host.js"
import type { HeldLock } from "../persistence/processLock.js"
import type { StorageError } from "../persistence/storageError.js"
import type { TaskStore } from "../persistence/taskStore.js"
import { StoredTaskPersistence } from "./storedTaskPersistence.js"

/** Why a running task had to stop: it could not be saved, or another process took it over. */
export type WriterStop =
	{ code: "storage_failed"; error: StorageError } | { code: "task_locked"; error: Error }

/** How long closing waits for abandoned loops to end (each ends at its next await of the abort). */
const loopGraceMs = 5_000

interface Writer {
	persistence: StoredTaskPersistence
	lock: HeldLock | undefined
	/** Resolves when the task's loop has ended and its writes are done; the lock is released then. */
	finished: Promise<void> | undefined
}

/**
 * The tasks this process writes: each one's persistence and its one-writer lock. A task is
 * locked before it is opened for writing and stays locked until its loop has ended and its
 * last writes are on disk, so no other process can open it in between.
 */
export class TaskWriters {
	private readonly writers = new Map<string, Writer>()

	constructor(
		private readonly store: () => TaskStore,
		private readonly logger: Logger,
		private readonly onStop: (taskId: string, stop: WriterStop) => void,
	) {}

	/** A new persistence for the task (replacing an earlier one of the same id, whose loop has ended). */
	persistence(taskId: string): StoredTaskPersistence {
		const persistence = this.newPersistence(taskId)
		this.entry(taskId).persistence = persistence
		return persistence
	}

	find(taskId: string): StoredTaskPersistence | undefined {
		return this.writers.get(taskId)?.persistence
	}

	/** Resolves when the loop of the task (if one runs here) has ended and released the lock. */
	async ended(taskId: string): Promise<void> {
		await this.writers.get(taskId)?.finished
	}

	/**
	 * Takes the task's lock, first waiting for a loop of it that is ending here (a task just
	 * closed and opened again). Throws TaskLockedError while another process has it open.
	 */
	async lock(taskId: string): Promise<void> {
		await this.ended(taskId)
		const lock = await this.store().lockTask(taskId, (error) => {
			this.logger.error("The lock of a running task was lost", { taskId, error: error.message })
			this.onStop(taskId, {
				code: "task_locked",
				error: new Error(
					`Another process took over task ${taskId}, so it was stopped here; open it again where it should run.`,
				),
			})
		})
		this.entry(taskId).lock = lock
	}

	/** The task's loop: when it ends, its writes are flushed and its lock released. */
	running(taskId: string, loop: Promise<void>): void {
		const writer = this.writers.get(taskId)
		if (writer === undefined) return
		const finished = loop
			.catch(() => undefined)
			.then(() => writer.persistence.flushed())
			.then(() => this.release(taskId, writer))
		writer.finished = finished
	}

	/** Releases the lock of a task that will not run after all (its opening failed half-way). */
	async abandon(taskId: string): Promise<void> {
		const writer = this.writers.get(taskId)
		if (writer !== undefined) await this.release(taskId, writer)
	}

	/** Resolves when everything the tasks reported so far is written (or has failed). */
	async flushed(): Promise<void> {
		await Promise.all([...this.writers.values()].map((w) => w.persistence.flushed()))
	}

	/** Stops saving (the host is shutting down), waits for the accepted writes, releases every lock. */
	async close(): Promise<void> {
		// An abandoned loop still bills the request it was in (its cancel path counts what the
		// provider reported) and saves its last rows: wait for it before its files close. Bounded:
		// a loop stuck in something that ignores the abort must not hold the process open.
		const loops = [...this.writers.values()].flatMap((w) => (w.finished ? [w.finished] : []))
		await Promise.race([Promise.all(loops), setTimeout(loopGraceMs, undefined, { ref: false })])
		await Promise.all([...this.writers.values()].map((w) => w.persistence.close()))
		await Promise.all([...this.writers].map(([taskId, writer]) => this.release(taskId, writer)))
	}

	private async release(taskId: string, writer: Writer): Promise<void> {
		const lock = writer.lock
		writer.lock = undefined
		if (this.writers.get(taskId) === writer) this.writers.delete(taskId)
		await lock?.release().catch((error: unknown) => {
			this.logger.warn("Releasing a task's lock failed; it is taken over once stale", {
				taskId,
				error: String(error),
			})
		})
	}

	private entry(taskId: string): Writer {
		let writer = this.writers.get(taskId)
		if (writer === undefined) {
			writer = { persistence: this.newPersistence(taskId), lock: undefined, finished: undefined }
			this.writers.set(taskId, writer)
		}
		return writer
	}

	private newPersistence(taskId: string): StoredTaskPersistence {
		return new StoredTaskPersistence(this.store(), taskId, this.logger, (error) =>
			this.onStop(taskId, { code: "storage_failed", error }),
		)
	}
}
