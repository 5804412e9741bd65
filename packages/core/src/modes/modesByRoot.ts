import { existsSync } from "node:fs"
import type { Logger } from "../host/Host.js"
import { ModeCatalog } from "./modeCatalog.js"

/**
 * The modes of each folder tasks work in: the workspace's catalog, and one per task worktree,
 * which reads the worktree's own `.cairn/modes.yaml` (the branch's, not the person's work tree's)
 * under the same rules as the workspace's file, beside the person's own modes file.
 */
export class ModesByRoot {
	private readonly others = new Map<string, Promise<ModeCatalog>>()

	constructor(
		private readonly workspace: () => ModeCatalog,
		private readonly options: { workspaceRoot: string; globalFile: string; logger: Logger },
	) {}

	/** The catalog of the folder `root`: the workspace's, or the worktree's, opened on first use. */
	of(root: string): Promise<ModeCatalog> {
		if (root === this.options.workspaceRoot) return Promise.resolve(this.workspace())
		this.forgetRemoved()
		let catalog = this.others.get(root)
		if (catalog === undefined) {
			catalog = ModeCatalog.open({
				workspaceRoot: root,
				globalFile: this.options.globalFile,
				logger: this.options.logger,
			})
			this.others.set(root, catalog)
		}
		return catalog
	}

	/** Worktrees discarded since are no longer followed (their watchers would wait for them forever). */
	private forgetRemoved(): void {
		for (const [root, catalog] of this.others) {
			if (existsSync(root)) continue
			this.others.delete(root)
			// One that could not open failed the task it was opened for; there is nothing to stop.
			void catalog.then(
				(opened) => opened.dispose(),
				() => undefined,
			)
		}
	}

	/** Stops following the worktrees' files (the workspace's catalog is its owner's to dispose). */
	async dispose(): Promise<void> {
		const opened = [...this.others.values()]
		this.others.clear()
		for (const catalog of await Promise.all(opened)) catalog.dispose()
	}
}
