import { mkdir, stat } from "node:fs/promises"
import path from "node:path"
import type { RestoreReport } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { readBeforeChange, SnapshotLog } from "./changeSnapshots.js"
import { applyRestore, finishPendingRestore, pendingRestoreName } from "./applyRestore.js"
import { planRestore } from "./restorePlan.js"
import { ShadowRepository, type ShadowRepositoryOptions, type TreeChange } from "./shadowRepository.js"
import { StoreLock } from "./storeLock.js"
import type { WorkspaceChanges } from "../workspace/workspaceWatch.js"

export interface CheckpointStoreOptions extends ShadowRepositoryOptions {
	logger: Logger
	/** How long the store keeps its lock between operations (see StoreLock). */
	lockLingerMs?: number
}

/** The difference between a checkpoint and the workspace as it is now. */
export interface CheckpointChanges {
	changes: TreeChange[]
	/** Unified diff of the same changes. */
	patch: string
	/** The bytes at the checkpoint of every changed file that existed then, by path. */
	before: Map<string, Buffer>
	/** Up to a checkpoint (not now): the bytes there of every changed file that existed then. */
	after?: Map<string, Buffer>
}

const taskRefs = "refs/cairn/tasks/"
const taskRef = (taskId: string) => `${taskRefs}${taskId}`

/**
 * A workspace's checkpoints: the one way into its shadow repository. Operations run one at a
 * time in this process and, through a lock beside the repository, one at a time across
 * processes (two windows or a CLI on the same folder share it); the lock is kept from one
 * operation to the next while a task works (see StoreLock). Each task's checkpoints are a chain
 * of commits under the task's own ref.
 */
export class CheckpointStore {
	private queue: Promise<unknown> = Promise.resolve()
	private readonly snapshots = new SnapshotLog()

	private constructor(
		private readonly repository: ShadowRepository,
		private readonly lock: StoreLock,
		private readonly logger: Logger,
	) {}

	/**
	 * Opens (or creates) the workspace's shadow repository and finishes a restore that a crash
	 * cut short. Throws GitError when git is missing or the repository is unusable.
	 */
	static async open(options: CheckpointStoreOptions): Promise<CheckpointStore> {
		const folder = await ShadowRepository.folderFor(options.storageDir, options.workspaceRoot)
		await mkdir(path.dirname(folder), { recursive: true })
		const lock = new StoreLock(`${folder}.lock`, {
			lingerMs: options.lockLingerMs,
			onReleaseFailed: (error) =>
				options.logger.warn("The checkpoints' lock could not be released", { error: String(error) }),
		})
		const opened = lock.run(async () => {
			const repository = await ShadowRepository.open(options)
			const finished = await finishPendingRestore(repository)
			if (finished !== undefined)
				options.logger.warn("A restore that was cut short has been finished", {
					restoredTo: finished.restoredTo,
					written: finished.written.length,
					removed: finished.removed.length,
				})
			return new CheckpointStore(repository, lock, options.logger)
		})
		// A store that could not open keeps nothing: the lock is free for the next attempt at once.
		return opened.catch(async (error: unknown) => {
			await lock.release()
			throw error
		})
	}

	/** Whether a restore in this workspace was cut short (a crash) and waits to be finished by `open`. */
	static async hasPendingRestore(storageDir: string, workspaceRoot: string): Promise<boolean> {
		const folder = await ShadowRepository.folderFor(storageDir, workspaceRoot)
		return stat(path.join(folder, pendingRestoreName)).then(
			() => true,
			() => false,
		)
	}

	/** The folder whose files the checkpoints keep. */
	get workspaceRoot(): string {
		return this.repository.workspaceRoot
	}

	/** The watch its listings are made from, for others to read too; undefined when there is none. */
	get workspaceChanges(): WorkspaceChanges | undefined {
		return this.repository.lister.changes
	}

	/** Saves the workspace as the task's next checkpoint; returns its id (a commit). */
	save(taskId: string, message: string): Promise<string> {
		return this.begin(taskId, message).saved
	}

	/**
	 * Saves the workspace as the task's next checkpoint. `staged` resolves as soon as the
	 * workspace's content is kept (the files may change from then on without changing the
	 * checkpoint), before the commit is written; `saved` gives the checkpoint's id. A failure
	 * rejects both.
	 *
	 * `changing` names the files (absolute paths) the change waiting for it will touch, when it
	 * knows them: then what they hold now is read (without git), `staged` resolves, and the
	 * checkpoint is staged behind the change, from the files and that snapshot. Without it, or when
	 * a path is one only a staging from the files can judge, `staged` waits for that staging.
	 */
	begin(
		taskId: string,
		message: string,
		changing?: readonly string[],
	): { staged: Promise<void>; saved: Promise<string> } {
		const seq = this.snapshots.reserve()
		let markStaged = () => {}
		const staged = new Promise<void>((resolve) => (markStaged = resolve))
		const snapshot =
			changing === undefined ? Promise.resolve(false) : this.recordBeforeChange(changing, seq)
		void snapshot.then(
			(recorded) => recorded && markStaged(),
			() => undefined,
		)
		const saved = this.exclusive(async () => {
			await snapshot
			try {
				return await this.repository.commitWorkspace(taskRef(taskId), message, markStaged, () =>
					this.snapshots.heldAt(seq),
				)
			} finally {
				this.snapshots.close(seq)
			}
		})
		saved.catch(() => this.snapshots.close(seq))
		const stagedOrFailed = Promise.race([staged, saved.then(() => undefined)])
		// A failure is the caller's through `saved` too, whether or not it waits for `staged`.
		stagedOrFailed.catch(() => undefined)
		return { staged: stagedOrFailed, saved }
	}

	/**
	 * Keeps a checkpoint being staged as it is against a change about to touch `changing`
	 * (absolute paths; undefined when unknown): their content now is read for it, or, when that
	 * cannot do (see `begin`), this waits until every checkpoint begun is staged and saved.
	 */
	async protect(changing: readonly string[] | undefined): Promise<void> {
		if (!this.snapshots.staging) return
		if (changing !== undefined && (await this.recordBeforeChange(changing))) return
		await this.queue
	}

	/** Reads and records what `changing` holds now; false when only a staging from the files will do. */
	private async recordBeforeChange(changing: readonly string[], seq?: number): Promise<boolean> {
		const files = await readBeforeChange(
			this.repository.workspaceRoot,
			await this.repository.rules(),
			changing,
		).catch(() => undefined)
		if (files === undefined) return false
		this.snapshots.record(files, seq)
		return true
	}

	/**
	 * Puts the workspace's files back as they were at `target`. The workspace is saved first (as
	 * the task's checkpoint `before`), so the restore can itself be undone; only paths that differ
	 * and that the rules let it touch change.
	 */
	restore(taskId: string, target: string): Promise<{ before: string; report: RestoreReport }> {
		return this.exclusive(async () => {
			if (!(await this.repository.hasCommit(target)))
				throw new Error(`checkpoint ${target} is not in this workspace's shadow repository`)
			const before = await this.repository.commitWorkspace(
				taskRef(taskId),
				`before restoring ${target}`,
			)
			const changes = await this.repository.changes(target, before)
			const plan = await planRestore(this.repository, target, before, changes)
			const report = await applyRestore(this.repository, plan)
			this.logger.info("Files restored to a checkpoint", {
				taskId,
				target,
				written: report.written.length,
				removed: report.removed.length,
				skipped: report.skipped.length,
			})
			return { before, report }
		})
	}

	/**
	 * The workspace as the next task found it once `taskId` had made its last checkpoint: the
	 * first checkpoint of another task (not one `isSameWork` counts as this task's, such as its
	 * subtasks) saved no earlier. Undefined while no task came after: the task's work reaches now.
	 */
	nextTaskStart(taskId: string, isSameWork: (otherTaskId: string) => boolean): Promise<string | undefined> {
		return this.exclusive(async () => {
			const latest = await this.repository.resolveRef(taskRef(taskId))
			if (latest === undefined) return undefined
			const since = await this.repository.savedAt(latest)
			const later = (await this.repository.chainStarts(taskRefs))
				.filter((start) => start.id !== taskId && !isSameWork(start.id) && start.savedAt >= since)
				.sort((a, b) => a.savedAt - b.savedAt)
			return later[0]?.commit
		})
	}

	/** What changed from checkpoint `from` to the workspace now (or to checkpoint `until`). */
	changesSince(from: string, until?: string): Promise<CheckpointChanges> {
		return this.exclusive(async () => {
			for (const commit of [from, ...(until === undefined ? [] : [until])])
				if (!(await this.repository.hasCommit(commit)))
					throw new Error(`checkpoint ${commit} is not in this workspace's shadow repository`)
			const now = until ?? (await this.repository.snapshotTree())
			const changes = await this.repository.changes(from, now)
			const patch = await this.repository.patch(from, now)
			const blobs = await this.repository.readBlobs([
				...changes.filter((c) => c.status !== "added").map((c) => c.before.blob),
				...(until === undefined
					? []
					: changes.filter((c) => c.status !== "deleted").map((c) => c.after.blob)),
			])
			const before = new Map<string, Buffer>()
			const after = new Map<string, Buffer>()
			for (const change of changes) {
				const kept = blobs.get(change.before.blob)
				if (change.status !== "added" && kept !== undefined) before.set(change.path, kept)
				const then = blobs.get(change.after.blob)
				if (until !== undefined && change.status !== "deleted" && then !== undefined)
					after.set(change.path, then)
			}
			return { changes, patch, before, ...(until !== undefined && { after }) }
		})
	}

	/** Forgets a deleted task's checkpoints (git drops their objects at its next clean-up). */
	forgetTask(taskId: string): Promise<void> {
		return this.exclusive(() => this.repository.deleteRef(taskRef(taskId)))
	}

	/**
	 * Leaves the repository readable by any git (the checkpoints' trees packed, see PackedTrees) and
	 * lets its lock go. The store may still be used: a later operation takes the lock again.
	 */
	async close(): Promise<void> {
		await this.exclusive(() => this.repository.close())
		await this.lock.release()
	}

	private exclusive<T>(operation: () => Promise<T>): Promise<T> {
		const run = this.queue.then(() => this.lock.run(operation))
		this.queue = run.catch(() => undefined)
		return run
	}
}
