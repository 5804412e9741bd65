import type { CheckpointSaved, HistoryPoint } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { CheckpointStore } from "./checkpointStore.js"

/** What the Task asks of checkpoints: one at its start, one before each turn's first change. */
export interface TaskCheckpointer {
	/** Saves the workspace as the task found it (in the background: the first change waits for it). */
	taskStarted(): void
	/**
	 * A new turn's guard: the function it returns saves a checkpoint the first time it is called
	 * (before the turn's first call that may change files) and does nothing after that.
	 */
	forTurn(): () => Promise<void>
	/** Resolves when no save of the task is in progress. */
	settled(): Promise<void>
}

/** Why checkpoints cannot be used; the person is told once. */
export type CheckpointsUnavailable = { reason: string }

export interface TaskCheckpointsOptions {
	taskId: string
	/** The workspace's store; undefined (with the reason) when checkpoints cannot work here. */
	store: () => Promise<CheckpointStore | CheckpointsUnavailable>
	/** Read at every save, so turning checkpoints off applies at once. */
	enabled: () => boolean
	/** Where the task's API history stands now: a rewind to the checkpoint goes back to it. */
	historyPoint: () => HistoryPoint
	rows: CheckpointRows
	logger: Logger
}

/**
 * The task's rows for its checkpoints. A save the task does not wait for (the one at its start)
 * reserves its row at once, so the row keeps its place in the chat whenever the save ends and
 * never lands after a question the task asks meanwhile.
 */
export interface CheckpointRows {
	/** Shows a row for a save in progress; returns its `ts`. */
	reserve(): number
	/** The `checkpoint_saved` row (filling the reserved row `ts`, when given). */
	saved(checkpoint: CheckpointSaved, ts?: number): void
	/** The one row that says checkpoints are off, and why (in the reserved row `ts`, when given). */
	unavailable(reason: string, ts?: number): void
}

/**
 * A task's checkpoints. A failure never stops the task: it goes on without checkpoints and
 * says so once.
 */
export class TaskCheckpoints implements TaskCheckpointer {
	private pending: Promise<void> = Promise.resolve()
	private off = false

	constructor(private readonly options: TaskCheckpointsOptions) {}

	taskStarted(): void {
		if (this.off || !this.options.enabled()) return
		this.save("taskStart", "task start", this.options.rows.reserve())
	}

	settled(): Promise<void> {
		return this.pending
	}

	forTurn(): () => Promise<void> {
		let saved: Promise<void> | undefined
		return () => {
			saved ??= this.save("beforeChange", "before changes")
			return saved
		}
	}

	/**
	 * Saves after any save in progress, so checkpoints follow the task's order. Resolves once the
	 * workspace's content is kept (or checkpoints are off): the change waiting for it may go
	 * ahead while the commit is written, its row reserved in the chat before the change's rows.
	 */
	private save(reason: CheckpointSaved["reason"], title: string, reservedTs?: number): Promise<void> {
		const history = this.options.historyPoint()
		let kept = () => {}
		const staged = new Promise<void>((resolve) => (kept = resolve))
		this.pending = this.pending.then(async () => {
			let rowTs = reservedTs
			try {
				if (this.off || (rowTs === undefined && !this.options.enabled())) return
				const store = await this.options.store()
				if (!("begin" in store)) return this.turnOff(store.reason, rowTs)
				const save = store.begin(this.options.taskId, `${title} (task ${this.options.taskId})`)
				await save.staged
				rowTs ??= this.options.rows.reserve()
				kept()
				this.options.rows.saved({ commit: await save.saved, reason, history }, rowTs)
			} catch (error) {
				this.turnOff(error instanceof Error ? error.message : String(error), rowTs)
			} finally {
				kept()
			}
		})
		return staged
	}

	private turnOff(reason: string, rowTs: number | undefined): void {
		this.off = true
		this.options.logger.warn("Checkpoints are off for this task", { taskId: this.options.taskId, reason })
		this.options.rows.unavailable(reason, rowTs)
	}
}
