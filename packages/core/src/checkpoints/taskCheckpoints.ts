import type { CheckpointSaved, HistoryPoint } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { WorkspaceChanges } from "../workspace/workspaceWatch.js"
import type { CheckpointStore } from "./checkpointStore.js"

/** What the Task asks of checkpoints: one at its start, one before each turn's first change. */
export interface TaskCheckpointer {
	/** Saves the workspace as the task found it (in the background: the first change waits for it). */
	taskStarted(): void
	/**
	 * A new turn's guard: the function it returns saves a checkpoint the first time it is called
	 * (before the turn's first call that may change files) and after that keeps it as it is
	 * against the turn's later changes. A call names the files (absolute paths) its change will
	 * touch when it knows them: the change then waits for no git.
	 */
	forTurn(): (changing?: readonly string[]) => Promise<void>
	/** Resolves when no save of the task is in progress. */
	settled(): Promise<void>
	/** The watch of the workspace the checkpoints' store keeps, once a save has opened it. */
	workspaceChanges?(): WorkspaceChanges | undefined
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
	private staging: Promise<void> = Promise.resolve()
	private off = false
	private opened: CheckpointStore | undefined

	constructor(private readonly options: TaskCheckpointsOptions) {}

	workspaceChanges(): WorkspaceChanges | undefined {
		return this.opened?.workspaceChanges
	}

	taskStarted(): void {
		if (this.off || !this.options.enabled()) return
		this.save("taskStart", "task start", this.options.rows.reserve())
	}

	settled(): Promise<void> {
		return this.pending
	}

	forTurn(): (changing?: readonly string[]) => Promise<void> {
		let saved: Promise<void> | undefined
		return (changing) => {
			if (saved === undefined) {
				saved = this.save("beforeChange", "before changes", undefined, changing)
				return saved
			}
			// A later change of the turn: the turn's checkpoint may still be staging behind the first.
			return saved.then(() => this.protect(changing))
		}
	}

	/**
	 * Saves in the task's order: each save begins once the one before it is staged, not saved.
	 * Resolves once the workspace's content is kept (or checkpoints are off): the change waiting
	 * for it may go ahead while the checkpoint is finished, its row reserved in the chat before
	 * the change's rows. `changing` names the files the change will touch, when it knows them.
	 */
	private save(
		reason: CheckpointSaved["reason"],
		title: string,
		reservedTs?: number,
		changing?: readonly string[],
	): Promise<void> {
		const history = this.options.historyPoint()
		let rowTs = reservedTs
		const begun = this.staging.then(async () => {
			if (this.off || (rowTs === undefined && !this.options.enabled())) return undefined
			const store = await this.options.store()
			if (!("begin" in store)) return this.turnOff(store.reason, rowTs)
			this.opened = store
			const save = store.begin(this.options.taskId, `${title} (task ${this.options.taskId})`, changing)
			await save.staged
			rowTs ??= this.options.rows.reserve()
			// Wrapped: returning the promise itself would make `begun` wait for it.
			return { saved: save.saved }
		})
		const staged = begun.then(
			() => undefined,
			() => undefined,
		)
		this.staging = staged
		const finished = begun
			.then(async (save) => {
				if (save !== undefined)
					this.options.rows.saved({ commit: await save.saved, reason, history }, rowTs)
			})
			.catch((error: unknown) =>
				this.turnOff(error instanceof Error ? error.message : String(error), rowTs),
			)
		this.pending = Promise.all([this.pending, finished]).then(() => undefined)
		return staged
	}

	/** Keeps the checkpoints being staged as they are against a change about to touch `changing`. */
	private async protect(changing: readonly string[] | undefined): Promise<void> {
		if (this.off) return
		const store = await this.options.store()
		if ("protect" in store) await store.protect(changing)
	}

	private turnOff(reason: string, rowTs: number | undefined): void {
		// Said once; a second save failing meanwhile only fills the row it reserved.
		if (this.off && rowTs === undefined) return
		this.off = true
		this.options.logger.warn("Checkpoints are off for this task", { taskId: this.options.taskId, reason })
		this.options.rows.unavailable(reason, rowTs)
	}
}
