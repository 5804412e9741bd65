import { watch, type FSWatcher } from "node:fs"
import path from "node:path"

/** What the watch saw since a mark: the paths named, or "lost" when it cannot say. */
export type WatchedChanges = { kind: "paths"; paths: ReadonlySet<string> } | { kind: "lost" }

/**
 * What a reader of the watch may do: note where it stands, and later ask what changed since.
 * Each reader keeps its own mark, so several (the checkpoints' listing, the files in the model's
 * context) read one watch without taking changes from each other.
 */
export interface WorkspaceChanges {
	/** The folder watched, absolute. */
	readonly root: string
	/** The folders watched (workspace-relative, "" the root). */
	readonly folders: ReadonlySet<string>
	/** Where the watch stands now, for a later `since`. */
	mark(): number
	/** The paths changed after `mark`; "lost" when the watch cannot vouch for all of them. */
	since(mark: number): WatchedChanges
}

/**
 * The changes kept for readers that ask later: one whose mark is older than these is told
 * "lost". A reader asks at every turn, and a turn changes a few paths.
 */
const keptChanges = 256

/**
 * The workspace's folders, watched (inotify on Linux, one watch a folder): which paths changed
 * since a reader's mark. It only names paths; what changed and how is for whoever reads them.
 *
 * It never pretends: a name it cannot read, a watch that fails or whose own folder goes, and it
 * is "lost" until it is given its folders again; setting them again breaks every mark made
 * before. A change that happened just before a `since` may be named at the next one: the kernel
 * queues the event and the host reads it when its event loop next looks (see `settle`).
 */
export class WorkspaceWatch implements WorkspaceChanges {
	private readonly watchers = new Map<string, FSWatcher>()
	private watched: ReadonlySet<string> = new Set()
	/** Counts every change named and every break (watched again, lost, closed): marks are counts. */
	private count = 0
	/** The count at the last break: a mark older than it missed what happened then. */
	private brokenAt = 0
	/** The count of the newest change no longer kept. */
	private droppedAt = 0
	/** The last changes named, oldest first. */
	private recent: { path: string; at: number }[] = []
	private lost = true

	constructor(readonly root: string) {}

	/** The folders watched (workspace-relative, "" the root): set by `watch`, read at every listing. */
	get folders(): ReadonlySet<string> {
		return this.watched
	}

	/**
	 * Watches exactly `folders` from now on: true when every watch could be set (else it watches
	 * nothing and stays lost). Every watch is set again: a folder removed and made again under the
	 * same name is another folder, which an old watch misses. Marks made before are broken.
	 */
	watch(folders: readonly string[]): boolean {
		this.close()
		for (const folder of new Set(folders)) {
			try {
				this.watchers.set(folder, this.watchOne(folder))
			} catch {
				this.close()
				return false
			}
		}
		this.watched = new Set(this.watchers.keys())
		this.lost = false
		return true
	}

	mark(): number {
		return this.count
	}

	since(mark: number): WatchedChanges {
		if (this.lost || mark < this.brokenAt || mark < this.droppedAt) return { kind: "lost" }
		const paths = new Set<string>()
		for (let i = this.recent.length - 1; i >= 0; i--) {
			const change = this.recent[i] as { path: string; at: number }
			if (change.at <= mark) break
			paths.add(change.path)
		}
		return { kind: "paths", paths }
	}

	close(): void {
		for (const watcher of this.watchers.values()) watcher.close()
		this.watchers.clear()
		this.watched = new Set()
		this.lose()
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
			this.recent.push({ path: folder === "" ? text : `${folder}/${text}`, at: ++this.count })
			if (this.recent.length > keptChanges) this.droppedAt = this.recent.shift()?.at ?? this.droppedAt
		})
		watcher.on("error", () => this.lose())
		return watcher
	}

	private lose(): void {
		this.lost = true
		this.recent = []
		this.brokenAt = ++this.count
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
