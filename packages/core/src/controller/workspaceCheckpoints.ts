import type { Host } from "../host/Host.js"
import { CheckpointStore } from "../checkpoints/checkpointStore.js"
import type { CheckpointsUnavailable } from "../checkpoints/taskCheckpoints.js"

/**
 * The workspace's checkpoint store as the Controller uses it: opened on first use, opened again
 * when the size limit changes, and asked again after it could not be opened (git missing, a
 * damaged shadow repository: a repair may follow).
 */
export class WorkspaceCheckpoints {
	private opening:
		{ sizeLimitBytes: number; store: Promise<CheckpointStore | CheckpointsUnavailable> } | undefined

	constructor(
		private readonly host: Host,
		private readonly sizeLimitMB: () => number,
		/** The folder whose files it keeps: the workspace, or a task's worktree. */
		private readonly root = host.workspaceRoot,
	) {}

	/** The store, or why checkpoints cannot be used now. */
	open(): Promise<CheckpointStore | CheckpointsUnavailable> {
		const sizeLimitBytes = this.sizeLimitMB() * 1024 * 1024
		// A new size limit applies from the next checkpoint on.
		if (this.opening?.sizeLimitBytes !== sizeLimitBytes) {
			const store = CheckpointStore.open({
				workspaceRoot: this.root,
				storageDir: this.host.storageDir,
				sizeLimitBytes,
				logger: this.host.logger,
			}).catch((error: unknown) => {
				if (this.opening?.store === store) this.opening = undefined
				return { reason: error instanceof Error ? error.message : String(error) }
			})
			this.opening = { sizeLimitBytes, store }
		}
		return this.opening.store
	}

	/** Closes the store if it was opened (see CheckpointStore.close). */
	async close(): Promise<void> {
		const store = await this.opening?.store
		if (store !== undefined && "close" in store) await store.close()
	}

	/** A deleted task's checkpoints go too; a workspace without checkpoints has none to forget. */
	async forgetTask(taskId: string): Promise<void> {
		const store = await this.open()
		if (!("forgetTask" in store)) return
		await store.forgetTask(taskId).catch((error: unknown) =>
			this.host.logger.warn("The checkpoints of a deleted task could not be forgotten", {
				taskId,
				error: String(error),
			}),
		)
	}
}

/** One WorkspaceCheckpoints per folder tasks work in (the workspace and each task's worktree). */
export class CheckpointsByRoot {
	private readonly roots = new Map<string, WorkspaceCheckpoints>()

	constructor(
		private readonly host: Host,
		private readonly sizeLimitMB: () => number,
	) {}

	/** Closes every store opened; the first failure is thrown once all are tried. */
	async close(): Promise<void> {
		const closed = await Promise.allSettled(
			[...this.roots.values()].map((checkpoints) => checkpoints.close()),
		)
		for (const result of closed) if (result.status === "rejected") throw result.reason
	}

	of(root: string = this.host.workspaceRoot): WorkspaceCheckpoints {
		let checkpoints = this.roots.get(root)
		if (checkpoints === undefined) {
			checkpoints = new WorkspaceCheckpoints(this.host, this.sizeLimitMB, root)
			this.roots.set(root, checkpoints)
		}
		return checkpoints
	}
}
