import { mkdir, readdir } from "node:fs/promises"
import path from "node:path"
import { type HistoryItem, historyItemSchema, taskIdSchema } from "@cairn/types"
import { z } from "zod"
import { readJsonFile, writeJsonAtomic } from "./atomicFile.js"
import { acquireLock } from "./processLock.js"
import { readTaskMetadata, toHistoryItem } from "./taskMetadata.js"

export const indexFileName = "index.json"
const lockDirName = "index.lock"
const lockOwnerName = "index.lock-owner.json"

const indexFileSchema = z.object({
	version: z.literal(1),
	items: z.array(historyItemSchema),
	/** Tasks whose entries may lag their metadata (see HistoryIndex.note); absent in older files. */
	behind: z.array(z.string()).optional(),
})

export interface UnreadableTask {
	taskId: string
	error: string
}

/** What opening the index found and repaired. */
export interface IndexReport {
	/** Why the index was rebuilt from the tasks' metadata; absent when it loaded. */
	rebuilt?: string
	/** Task folders the index did not list; added from their metadata. */
	added: string[]
	/** Entries whose task folder is gone; dropped. */
	dropped: string[]
	/** Task folders whose metadata cannot be read: left on disk, not listed, reported every open. */
	unreadable: UnreadableTask[]
}

export interface ListOptions {
	/** Only tasks of this workspace (exact path); all workspaces when absent. */
	workspace?: string
	/** Case-insensitive substring of the task text. */
	query?: string
}

/** Reading metadata files in parallel, but not thousands at once. */
const readConcurrency = 16

/**
 * `tasks/index.json`: every task's HistoryItem, so listing and searching never open a task.
 * It is a cache of the tasks' metadata files: when it is missing or damaged it is rebuilt from
 * them, and on every open it is checked against the task folders (one readdir, no journal
 * read), so a task whose index update a crash cut off still shows up.
 *
 * Several processes (CLI runs, editor windows) share one index: each write takes a lock, reads
 * the file and writes back the other processes' entries as they are now with this process's
 * changed ones, so no process overwrites another's tasks with its stale copies.
 *
 * A running task's token counts and cost change at every turn; writing the whole index (under
 * its lock, with fsyncs) that often would cost more than the turn. Those changes are noted in
 * memory and written with the next write, and at the latest when the task is settled (closed).
 * The file lists such tasks as `behind` meanwhile, so after a kill their entries are refreshed
 * from their metadata on the next open.
 */
export class HistoryIndex {
	private writing: Promise<void> | undefined
	private dirty = false
	/** Ids upserted or removed here and not yet written. */
	private readonly changed = new Set<string>()
	/**
	 * Ids read from task metadata at open, not yet written. Another process may have written a
	 * newer entry since (its task finished), so these only fill gaps in the file.
	 */
	private readonly discovered = new Set<string>()
	/** Ids this process noted changes of without writing them at once; listed as `behind` in the file. */
	private readonly behind = new Set<string>()
	/** Ids settled here and not yet written: the file stops listing them as behind. */
	private readonly settled = new Set<string>()
	/** Entries read at open from the metadata of tasks the file listed as behind (see mergeAndWrite). */
	private readonly refreshed = new Map<string, HistoryItem>()

	private constructor(
		readonly file: string,
		private readonly tasksDir: string,
		private readonly items: Map<string, HistoryItem>,
	) {}

	static async open(tasksDir: string): Promise<{ index: HistoryIndex; report: IndexReport }> {
		await mkdir(tasksDir, { recursive: true })
		const file = path.join(tasksDir, indexFileName)
		const stored = await readJsonFile(file, indexFileSchema)
		const index = new HistoryIndex(file, tasksDir, new Map())
		if (!stored.ok) {
			const why =
				stored.reason === "missing"
					? "the index was missing"
					: `the index was unreadable: ${stored.error}`
			return { index, report: await index.rebuild(why) }
		}
		for (const item of stored.value.items) index.items.set(item.id, item)
		await index.refresh(stored.value.behind ?? [])
		return { index, report: await index.reconcile() }
	}

	/** Newest first. */
	list(options: ListOptions = {}): HistoryItem[] {
		const query = options.query?.trim().toLowerCase()
		return [...this.items.values()]
			.filter((item) => options.workspace === undefined || item.workspace === options.workspace)
			.filter((item) => !query || item.task.toLowerCase().includes(query))
			.sort((a, b) => b.ts - a.ts || a.id.localeCompare(b.id))
			.map((item) => ({ ...item }))
	}

	get(id: string): HistoryItem | undefined {
		const item = this.items.get(id)
		return item && { ...item }
	}

	/** The next `number` for a task of `workspace`: one past the highest so far. */
	nextNumber(workspace: string | undefined): number {
		let highest = 0
		for (const item of this.items.values())
			if (item.workspace === workspace) highest = Math.max(highest, item.number ?? 0)
		return highest + 1
	}

	/** Resolves when the index file holds this item. */
	upsert(item: HistoryItem): Promise<void> {
		this.items.set(item.id, { ...item })
		this.changed.add(item.id)
		return this.persist()
	}

	/**
	 * Takes a change that may wait (tokens, cost, size of a running task): the first for a task
	 * is written at once, to list it as behind; later ones go out with the next write.
	 */
	note(item: HistoryItem): Promise<void> {
		this.items.set(item.id, { ...item })
		this.changed.add(item.id)
		if (this.behind.has(item.id)) return Promise.resolve()
		this.behind.add(item.id)
		this.settled.delete(item.id)
		return this.persist()
	}

	/** Writes the task's entry as final (its task closed): the file stops listing it as behind. */
	settle(item: HistoryItem): Promise<void> {
		if (this.behind.delete(item.id)) this.settled.add(item.id)
		return this.upsert(item)
	}

	remove(id: string): Promise<void> {
		if (this.behind.delete(id)) this.settled.add(id)
		if (!this.items.delete(id)) return this.writing ?? Promise.resolve()
		this.changed.add(id)
		return this.persist()
	}

	/** Resolves once the changes made so far are on disk. */
	flushed(): Promise<void> {
		return this.writing ?? Promise.resolve()
	}

	/** Replaces the index with what the task folders' metadata says. */
	async rebuild(reason: string): Promise<IndexReport> {
		const report: IndexReport = { rebuilt: reason, added: [], dropped: [], unreadable: [] }
		const { found, unreadable } = await readAllMetadata(this.tasksDir, await taskFolders(this.tasksDir))
		this.items.clear()
		for (const item of found) this.items.set(item.id, item)
		for (const item of found) this.discovered.add(item.id)
		report.unreadable = unreadable
		await this.persist()
		return report
	}

	/** Entries of tasks a process was running when the file was last written: their metadata is newer. */
	private async refresh(behind: readonly string[]): Promise<void> {
		const present = behind.filter((id) => this.items.has(id))
		const { found } = await readAllMetadata(this.tasksDir, present)
		for (const item of found) {
			this.items.set(item.id, item)
			this.refreshed.set(item.id, item)
		}
	}

	private async reconcile(): Promise<IndexReport> {
		const folders = await taskFolders(this.tasksDir)
		const onDisk = new Set(folders)
		const dropped = [...this.items.keys()].filter((id) => !onDisk.has(id))
		for (const id of dropped) this.items.delete(id)
		const { found, unreadable } = await readAllMetadata(
			this.tasksDir,
			folders.filter((id) => !this.items.has(id)),
		)
		for (const item of found) this.items.set(item.id, item)
		for (const id of dropped) this.changed.add(id)
		for (const item of found) this.discovered.add(item.id)
		if (dropped.length > 0 || found.length > 0) await this.persist()
		return { added: found.map((item) => item.id), dropped, unreadable }
	}

	/**
	 * Writes the index, coalescing: changes made while a write is running go out together in
	 * one more write, so a burst of updates costs two writes, not one per update.
	 */
	private persist(): Promise<void> {
		this.dirty = true
		this.writing ??= this.writeWhileDirty()
		return this.writing
	}

	private async writeWhileDirty(): Promise<void> {
		try {
			while (this.dirty) {
				this.dirty = false
				const changed = [...this.changed]
				const discovered = [...this.discovered]
				const settled = [...this.settled]
				this.changed.clear()
				this.discovered.clear()
				this.settled.clear()
				try {
					await this.mergeAndWrite(changed, discovered, settled)
				} catch (error) {
					// Not written: the next write carries these changes again.
					for (const id of changed) this.changed.add(id)
					for (const id of discovered) this.discovered.add(id)
					for (const id of settled) if (!this.behind.has(id)) this.settled.add(id)
					throw error
				}
			}
		} finally {
			// Cleared in the same step as the last check of `dirty`, so no change can slip in between.
			this.writing = undefined
		}
	}

	/** Under the lock: the file's entries for what this process did not change, ours for what it did. */
	private async mergeAndWrite(
		changed: readonly string[],
		discovered: readonly string[],
		settled: readonly string[],
	): Promise<void> {
		const lock = await acquireLock({
			lockDir: path.join(this.tasksDir, lockDirName),
			ownerFile: path.join(this.tasksDir, lockOwnerName),
			wait: true,
			// Held for milliseconds, but a busy machine can delay the holder's refresh of the lock
			// (a utimes queued in the thread pool behind fsyncs) by seconds: taken over as stale
			// after 2 s, two processes wrote at once and one's finished task went back to active.
			// A holder that died is found by its owner file's pid at once; only one killed before
			// writing that file (microseconds after taking the lock) waits out the stale time.
			staleMs: 10_000,
			// Held over one read and one write; losing it to a stale takeover costs at most this write's merge.
			onCompromised: () => undefined,
		})
		try {
			const stored = await readJsonFile(this.file, indexFileSchema)
			const behind = new Set(stored.ok ? (stored.value.behind ?? []) : [])
			for (const id of settled) behind.delete(id)
			for (const id of this.behind) behind.add(id)
			if (stored.ok) {
				// Changes made while waiting for the lock count as ours too: they are newer than the file.
				const ours = new Set([...changed, ...this.changed])
				const kept = [...this.items.values()].filter((item) => ours.has(item.id))
				const gapFillers = discovered.flatMap((id) => {
					const item = this.items.get(id)
					return item === undefined || ours.has(id) ? [] : [item]
				})
				this.items.clear()
				for (const item of stored.value.items) if (!ours.has(item.id)) this.items.set(item.id, item)
				for (const item of gapFillers) if (!this.items.has(item.id)) this.items.set(item.id, item)
				for (const item of kept) this.items.set(item.id, item)
				// A task still listed as behind was killed while running (or still runs elsewhere):
				// the file's entry lags, and what its metadata said at open is newer (or, while that
				// process runs on, lags by no more; its next write or its settling corrects it).
				for (const [id, item] of this.refreshed)
					if (!ours.has(id) && behind.has(id) && this.items.has(id)) this.items.set(id, item)
			}
			for (const id of behind) if (!this.items.has(id)) behind.delete(id)
			await writeJsonAtomic(this.file, {
				version: 1,
				items: [...this.items.values()],
				behind: [...behind],
			})
		} finally {
			await lock.release()
		}
	}
}

/** Folder names under `tasksDir` that are task ids (dot-folders are a crash's leftovers, not tasks). */
export async function taskFolders(tasksDir: string): Promise<string[]> {
	const entries = await readdir(tasksDir, { withFileTypes: true })
	return entries
		.filter((entry) => entry.isDirectory() && taskIdSchema.safeParse(entry.name).success)
		.map((entry) => entry.name)
}

async function readAllMetadata(
	tasksDir: string,
	ids: readonly string[],
): Promise<{ found: HistoryItem[]; unreadable: UnreadableTask[] }> {
	const found: HistoryItem[] = []
	const unreadable: UnreadableTask[] = []
	for (let start = 0; start < ids.length; start += readConcurrency) {
		const batch = ids.slice(start, start + readConcurrency)
		const results = await Promise.all(batch.map((id) => readTaskMetadata(path.join(tasksDir, id))))
		results.forEach((result, i) => {
			const taskId = batch[i] as string
			if (result.ok) found.push(toHistoryItem(result.value))
			else unreadable.push({ taskId, error: `${result.reason}: ${result.error}` })
		})
	}
	return { found, unreadable }
}
