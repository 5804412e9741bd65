import { mkdir, stat } from "node:fs/promises"
import path from "node:path"
import type { RestoreReport } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { acquireLock } from "../persistence/processLock.js"
import { applyRestore, finishPendingRestore, pendingRestoreName } from "./applyRestore.js"
import { planRestore } from "./restorePlan.js"
import { ShadowRepository, type TreeChange } from "./shadowRepository.js"

export interface CheckpointStoreOptions {
	workspaceRoot: string
	storageDir: string
	sizeLimitBytes: number
	logger: Logger
	/** How long one git may run (see shadowGitTimeoutMs). */
	gitTimeoutMs?: number
}

/** The difference between a checkpoint and the workspace as it is now. */
export interface CheckpointChanges {
	changes: TreeChange[]
	/** Unified diff of the same changes. */
	patch: string
	/** The bytes at the checkpoint of every changed file that existed then, by path. */
	before: Map<string, Buffer>
}

const taskRef = (taskId: string) => `refs/cairn/tasks/${taskId}`

/**
 * A workspace's checkpoints: the one way into its shadow repository. Operations run one at a
 * time in this process and, through a lock beside the repository, one at a time across
 * processes (two windows or a CLI on the same folder share it). Each task's checkpoints are a
 * chain of commits under the task's own ref.
 */
export class CheckpointStore {
	private queue: Promise<unknown> = Promise.resolve()

	private constructor(
		private readonly repository: ShadowRepository,
		private readonly lockDir: string,
		private readonly logger: Logger,
	) {}

	/**
	 * Opens (or creates) the workspace's shadow repository and finishes a restore that a crash
	 * cut short. Throws GitError when git is missing or the repository is unusable.
	 */
	static async open(options: CheckpointStoreOptions): Promise<CheckpointStore> {
		const folder = await ShadowRepository.folderFor(options.storageDir, options.workspaceRoot)
		const lockDir = `${folder}.lock`
		await mkdir(path.dirname(folder), { recursive: true })
		const lock = await takeLock(lockDir)
		try {
			const repository = await ShadowRepository.open(options)
			const finished = await finishPendingRestore(repository)
			if (finished !== undefined)
				options.logger.warn("A restore that was cut short has been finished", {
					restoredTo: finished.restoredTo,
					written: finished.written.length,
					removed: finished.removed.length,
				})
			return new CheckpointStore(repository, lockDir, options.logger)
		} finally {
			await lock.release()
		}
	}

	/** Whether a restore in this workspace was cut short (a crash) and waits to be finished by `open`. */
	static async hasPendingRestore(storageDir: string, workspaceRoot: string): Promise<boolean> {
		const folder = await ShadowRepository.folderFor(storageDir, workspaceRoot)
		return stat(path.join(folder, pendingRestoreName)).then(
			() => true,
			() => false,
		)
	}

	/** Saves the workspace as the task's next checkpoint; returns its id (a commit). */
	save(taskId: string, message: string): Promise<string> {
		return this.exclusive(async () => {
			return this.repository.commitWorkspace(taskRef(taskId), message)
		})
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

	/** What changed from checkpoint `from` to the workspace now. */
	changesSince(from: string): Promise<CheckpointChanges> {
		return this.exclusive(async () => {
			if (!(await this.repository.hasCommit(from)))
				throw new Error(`checkpoint ${from} is not in this workspace's shadow repository`)
			const now = await this.repository.snapshotTree()
			const changes = await this.repository.changes(from, now)
			const patch = await this.repository.patch(from, now)
			const blobs = await this.repository.readBlobs(
				changes.filter((c) => c.status !== "added").map((c) => c.before.blob),
			)
			const before = new Map<string, Buffer>()
			for (const change of changes) {
				const content = blobs.get(change.before.blob)
				if (content !== undefined) before.set(change.path, content)
			}
			return { changes, patch, before }
		})
	}

	/** Forgets a deleted task's checkpoints (git drops their objects at its next clean-up). */
	forgetTask(taskId: string): Promise<void> {
		return this.exclusive(() => this.repository.deleteRef(taskRef(taskId)))
	}

	private exclusive<T>(operation: () => Promise<T>): Promise<T> {
		const run = this.queue.then(async () => {
			const lock = await takeLock(this.lockDir)
			try {
				return await operation()
			} finally {
				await lock.release()
			}
		})
		this.queue = run.catch(() => undefined)
		return run
	}
}

function takeLock(lockDir: string) {
	return acquireLock({
		lockDir,
		ownerFile: `${lockDir}.owner`,
		wait: true,
		staleMs: 30_000,
		onCompromised: () => undefined,
	})
}
