import { watch, type FSWatcher } from "node:fs"
import path from "node:path"

/** What the watch saw since it was last taken: the paths named, or "lost" when it cannot say. */
export type WatchedChanges = { kind: "paths"; paths: ReadonlySet<string> } | { kind: "lost" }

/** Past this many paths a listing of the whole workspace costs less than judging each one. */
const maxChangedPaths = 64

/**
 * The workspace's folders, watched (inotify on Linux, one watch a folder): which paths changed
 * since the last `take`. It only names paths; what changed and how is for whoever reads them.
 *
 * It never pretends: a name it cannot read, too many names, a watch that fails or whose own folder
 * goes, and it is "lost" until it is given its folders again. A change that happened just before a
 * `take` may be named at the next one: the kernel queues the event and the host reads it when its
 * event loop next looks (see `settle`).
 */
export class WorkspaceWatch {
	private readonly watchers = new Map<string, FSWatcher>()
	private watched: ReadonlySet<string> = new Set()
	private changed = new Set<string>()
	private lost = true

	constructor(private readonly root: string) {}

	/** The folders watched (workspace-relative, "" the root): set by `watch`, read at every listing. */
	get folders(): ReadonlySet<string> {
		return this.watched
	}

	/**
	 * Watches exactly `folders` from now on, and forgets what it saw before: true when every watch
	 * could be set (else it watches nothing and stays lost). Every watch is set again: a folder
	 * removed and made again under the same name is another folder, which an old watch misses.
	 */
	watch(folders: readonly string[]): boolean {
		this.close()
		this.lost = false
		for (const folder of new Set(folders)) {
			try {
				this.watchers.set(folder, this.watchOne(folder))
			} catch {
				this.close()
				return false
			}
		}
		this.watched = new Set(this.watchers.keys())
		return !this.lost
	}

	/** What changed since the last take (or `watch`); from then on it starts again. */
	take(): WatchedChanges {
		if (this.lost) return { kind: "lost" }
		const paths = this.changed
		this.changed = new Set()
		return { kind: "paths", paths }
	}

	close(): void {
		for (const watcher of this.watchers.values()) watcher.close()
		this.watchers.clear()
		this.watched = new Set()
		this.changed = new Set()
		this.lost = true
	}

	private watchOne(folder: string): FSWatcher {
		const absolute = folder === "" ? this.root : path.join(this.root, folder)
		const own = Buffer.from(path.basename(absolute), "utf8")
		const watcher = watch(absolute, { persistent: false, encoding: "buffer" }, (_event, name) => {
			if (this.lost) return
			// No name, or the folder's own (the event is about the folder itself: moved, removed).
			if (name === null || name.equals(own)) return this.lose()
			const text = name.toString("utf8")
			// A name that is not UTF-8 cannot be told from the one its decoding names.
			if (!Buffer.from(text, "utf8").equals(name)) return this.lose()
			this.changed.add(folder === "" ? text : `${folder}/${text}`)
			if (this.changed.size > maxChangedPaths) this.lose()
		})
		watcher.on("error", () => this.lose())
		return watcher
	}

	private lose(): void {
		this.lost = true
		this.changed = new Set()
	}
}

/**
 * Resolves once the host has read the events of every change made before it was called: the
 * kernel queues a change's event before the change returns, and an immediate set from an
 * immediate runs in the event loop's next turn, after it has looked at its watches (without
 * waiting, as an immediate is due). A change another process makes meanwhile is as early or late
 * as it happens to be.
 */
export async function settle(): Promise<void> {
	await new Promise((resolve) => setImmediate(resolve))
	await new Promise((resolve) => setImmediate(resolve))
}
