import { mkdir } from "node:fs/promises"
import path from "node:path"
import { type ClineMessage, type HistoryItem, taskIdSchema } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { ContextView } from "../context/contextView.js"
import type { ApiMessage, UserBlock } from "../providers/apiMessage.js"
import { errorMessage, removeStaleTemps } from "./atomicFile.js"
import { ApiHistoryJournal, apiHistoryFileName } from "./apiHistoryJournal.js"
import type { CompactionOutcome, CompactionPolicy } from "./compaction.js"
import { FileContextJournal } from "./fileContextJournal.js"
import type { FileContextState } from "../context/fileContext/fileContextState.js"
import { LedgerJournal } from "./ledgerJournal.js"
import type { LedgerRecord } from "../ledger/ledgerRecord.js"
import { HistoryIndex, type IndexReport, type ListOptions } from "./historyIndex.js"
import {
	createTaskFolder,
	leftoverAgeMs,
	pathExists,
	removeLeftovers,
	removeTaskFolder,
	taskFolderSize,
} from "./taskFolder.js"
import type { LatestValueJournal } from "./latestValueJournal.js"
import {
	metadataJournal,
	metadataPath,
	readTaskMetadata,
	type TaskMetadata,
	toHistoryItem,
	validMetadata,
	writeNewTaskMetadata,
} from "./taskMetadata.js"
import type { HeldLock } from "./processLock.js"
import { saving } from "./storageError.js"
import { lockedElsewhere, lockTaskFolder } from "./taskLock.js"
import { type RewindCut, rewoundCut, saveRewound } from "./taskRewind.js"
import { type TaskProblem, problemsOfLoad, recoverFirstMessage, recoverMetadata } from "./taskRecovery.js"
import { UiMessageJournal, uiMessagesFileName } from "./uiMessageJournal.js"

export interface TaskStoreOptions {
	/** fsync every journal append: survives power loss too, at the cost of a disk flush per message. */
	durable?: boolean
	compaction?: CompactionPolicy
	/** Where background compaction failures go; they never fail an append. */
	logger?: Pick<Logger, "warn">
}

/** What `createTask` needs; everything else has a default (no tokens, no cost, active, now). */
export type NewTask = Pick<TaskMetadata, "id" | "task"> &
	Partial<Omit<TaskMetadata, "id" | "task" | "version" | "createdAt" | "updatedAt">>

export type MetadataChanges = Partial<Omit<TaskMetadata, "id" | "version" | "createdAt" | "updatedAt">>

export interface LoadedTask {
	metadata: TaskMetadata
	messages: ClineMessage[]
	apiHistory: ApiMessage[]
	/** What of the API history the model was being sent (see ContextView). */
	contextView: ContextView
	/** The saved state of the files the model has in context (unvalidated); undefined when none. */
	fileContext: unknown
	/** What the task spent (its ledger's records); undefined for a task saved before ledgers. */
	ledger: LedgerRecord[] | undefined
	/** Damage found and worked around; the task opened anyway. */
	problems: TaskProblem[]
}

export class TaskNotFoundError extends Error {
	constructor(readonly taskId: string) {
		super(`task ${taskId} does not exist`)
	}
}

interface OpenTask {
	dir: string
	ui: UiMessageJournal
	api: ApiHistoryJournal
	meta: LatestValueJournal<TaskMetadata>
	fileContext: FileContextJournal
	ledger: LedgerJournal
	metadata: TaskMetadata | undefined
	/** Its history entry has changes that were only noted (see HistoryIndex.note), to settle when it closes. */
	unsettled: boolean
	/** Metadata saves, one after another, so an older save cannot land after a newer one. */
	saving: Promise<unknown>
	/** The same for the file context's saves. */
	savingFileContext: Promise<unknown>
}

/**
 * The tasks under `<storageDir>/tasks/`: one folder per task holding append-only journals of its
 * UI messages, its API history, its metadata (each line a whole version) and the files in its
 * model's context (each line a change); plus the history index. A turn costs one append per
 * journal, O(what changed): journals are rewritten (atomically) only when that pays for itself.
 */
export class TaskStore {
	private readonly tasks = new Map<string, OpenTask>()

	private constructor(
		readonly tasksDir: string,
		private readonly index: HistoryIndex,
		/** What opening the history index found and repaired (rebuilt, added, dropped, unreadable tasks). */
		readonly indexReport: IndexReport,
		private readonly options: TaskStoreOptions,
	) {}

	static async open(storageDir: string, options: TaskStoreOptions = {}): Promise<TaskStore> {
		const tasksDir = path.join(storageDir, "tasks")
		await mkdir(tasksDir, { recursive: true })
		await removeLeftovers(tasksDir)
		const { index, report } = await HistoryIndex.open(tasksDir)
		return new TaskStore(tasksDir, index, report, options)
	}

	/** Newest first; see ListOptions. Reads no task file. */
	list(options?: ListOptions): HistoryItem[] {
		return this.index.list(options)
	}

	get(taskId: string): HistoryItem | undefined {
		return this.index.get(taskId)
	}

	/**
	 * Creates the task's folder with its metadata and lists it. The folder appears complete or
	 * not at all: it is built under a hidden name and renamed into place.
	 */
	async createTask(input: NewTask): Promise<TaskMetadata> {
		const dir = this.taskDir(input.id)
		const now = Date.now()
		const metadata: TaskMetadata = {
			ts: now,
			tokensIn: 0,
			tokensOut: 0,
			totalCost: 0,
			status: "active",
			...withoutUndefined(input),
			id: input.id,
			task: input.task,
			number: input.number ?? this.index.nextNumber(input.workspace),
			version: 1,
			createdAt: now,
			updatedAt: now,
		}
		await saving(input.id, "the new task", async () => {
			await createTaskFolder(dir, async (staging) => {
				await writeNewTaskMetadata(staging, metadata)
				await LedgerJournal.create(staging)
			})
			this.tasks.set(input.id, this.newOpenTask(input.id, { isNew: true, metadata }))
			await this.index.upsert(toHistoryItem(metadata))
		})
		return metadata
	}

	// Every write below fails with a StorageError: the caller stops the task instead of running on unsaved.

	/**
	 * Journals a final UI message (again, whenever it changes later: the last version wins).
	 * Rejects for a partial message: the caller journals a message when it is final.
	 */
	appendMessage(taskId: string, message: ClineMessage): Promise<void> {
		const task = this.openTask(taskId)
		return saving(taskId, "a message", () => task.ui.append(message)).then(() =>
			this.compactInBackground(taskId, task.ui),
		)
	}

	appendApiMessage(taskId: string, message: ApiMessage): Promise<void> {
		const task = this.openTask(taskId)
		return saving(taskId, "the API history", () => task.api.append(message)).then(() =>
			this.compactInBackground(taskId, task.api),
		)
	}

	/** Records blocks ApiHistory.pushUser merged into the trailing user message. */
	extendLastUserMessage(taskId: string, blocks: UserBlock[]): Promise<void> {
		const task = this.openTask(taskId)
		return saving(taskId, "the API history", () => task.api.extendLastUser(blocks)).then(() =>
			this.compactInBackground(taskId, task.api),
		)
	}

	/** Journals what `all` (ApiHistory.all) adds since the last sync; see ApiHistoryJournal.sync. */
	async syncApiHistory(taskId: string, all: readonly ApiMessage[], view?: ContextView): Promise<void> {
		const task = this.openTask(taskId)
		await saving(taskId, "the API history", () => task.api.sync(all, view))
		this.compactInBackground(taskId, task.api)
	}

	/**
	 * Merges `changes` into the metadata, journals it and updates the history index: at once for
	 * what the list is sorted or filtered by, lazily (see HistoryIndex.note) for the counts a
	 * turn changes (tokens, cost), which are settled when the task closes.
	 */
	saveMetadata(taskId: string, changes: MetadataChanges): Promise<TaskMetadata> {
		const task = this.openTask(taskId)
		const keys = Object.keys(changes)
		const onlyCounts = keys.length > 0 && keys.every((key) => countFields.has(key))
		return this.writeMetadata(taskId, task, changes, onlyCounts ? "note" : "upsert")
	}

	/** Journals a record of the task's ledger (a request it paid for, a subtask's spending). */
	appendLedger(taskId: string, record: LedgerRecord): Promise<void> {
		const task = this.openTask(taskId)
		return saving(taskId, "what the task spent", () => task.ledger.append(record))
	}

	/** Replaces the saved state of the files the model has in context (see LoadedTask.fileContext). */
	saveFileContext(taskId: string, state: FileContextState): Promise<void> {
		const task = this.openTask(taskId)
		const save = task.savingFileContext.then(() =>
			saving(taskId, "the files in context", () => task.fileContext.save(state)),
		)
		task.savingFileContext = save.catch(() => undefined)
		return save
	}

	/**
	 * Reads everything of a task. Damage (a torn last line, a damaged line, unreadable metadata)
	 * is worked around and listed in `problems`; only a missing task throws.
	 */
	async loadTask(taskId: string): Promise<LoadedTask> {
		const task = this.openTask(taskId)
		if (!(await pathExists(task.dir))) {
			this.tasks.delete(taskId)
			throw new TaskNotFoundError(taskId)
		}
		await removeStaleTemps(task.dir, leftoverAgeMs)
		const [ui, loadedApi, stored, fileContext, ledger] = await Promise.all([
			task.ui.load(),
			task.api.load(),
			readTaskMetadata(task.dir),
			task.fileContext.load(),
			task.ledger.load(),
		])
		const problems = [
			...problemsOfLoad(task.ui.file, ui),
			...problemsOfLoad(task.api.file, loadedApi),
			...ledger.problems,
		]
		const api = await this.finishRewinds(taskId, task, ui.rewinds, loadedApi, problems)
		if (fileContext.problem) problems.push(fileContext.problem)
		let metadata: TaskMetadata
		if (stored.ok) metadata = stored.value
		else {
			const recovered = recoverMetadata(taskId, stored, this.index.get(taskId), ui.messages)
			metadata = recovered.metadata
			problems.push({ file: metadataPath(task.dir), error: recovered.problem })
		}
		// Cached even when recovered: the next saveMetadata writes it, which repairs the file.
		task.metadata = metadata
		const first = ui.messages.length === 0 ? recoverFirstMessage(metadata) : undefined
		if (first !== undefined) {
			// Written back at once: a message journaled after it would otherwise hide its absence.
			await saving(taskId, "the task's first message", () => task.ui.append(first.message))
			ui.messages.push(first.message)
			problems.push({ file: task.ui.file, error: first.problem })
		}
		for (const journal of [task.ui, task.api]) {
			const outcome = await journal.compactIfWorthwhile().catch((error: unknown) => errorMessage(error))
			if (typeof outcome === "string")
				problems.push({ file: journal.file, error: `compaction failed: ${outcome}` })
		}
		return {
			metadata,
			messages: ui.messages,
			apiHistory: api.messages,
			contextView: api.view,
			fileContext: fileContext.state,
			ledger: ledger.records,
			problems,
		}
	}

	/**
	 * Rewinds a stored task (not running: the caller holds its lock and no loop writes it): the
	 * messages from `cut.before` on and the API history after `cut.history` are dropped, after
	 * being kept in the task's `rewound/` folder.
	 */
	async rewindTask(taskId: string, cut: RewindCut): Promise<{ removedMessages: number }> {
		const loaded = await this.loadTask(taskId)
		const task = this.openTask(taskId)
		const { id, removedMessages } = await saveRewound(task.dir, cut, loaded.messages, loaded.apiHistory)
		// The UI record first: a crash before the second is finished by loadTask (finishRewinds).
		await saving(taskId, "the rewind", () => task.ui.appendRewind({ id, before: cut.before }))
		await saving(taskId, "the rewind", () => task.api.appendRewind(id, cut.history))
		return { removedMessages }
	}

	/**
	 * Makes this process the task's only writer until the lock is released. Throws
	 * TaskLockedError while another live process holds it; a dead holder's lock is taken over.
	 * `onLost` hears when the lock is lost while held (another process took it over as stale).
	 */
	async lockTask(taskId: string, onLost: (error: Error) => void): Promise<HeldLock> {
		const dir = this.taskDir(taskId)
		if (!(await pathExists(dir))) throw new TaskNotFoundError(taskId)
		return lockTaskFolder(taskId, dir, onLost)
	}

	/** True while another live process runs the task (holds its lock); reads, takes nothing. */
	isLockedElsewhere(taskId: string): Promise<boolean> {
		return lockedElsewhere(this.taskDir(taskId))
	}

	/**
	 * Removes the task's folder and its history entry. Returns whether there was anything to
	 * remove. Throws TaskLockedError while another process has the task open.
	 */
	async deleteTask(taskId: string): Promise<boolean> {
		const dir = this.taskDir(taskId)
		// Not settled: its history entry is about to go with it.
		await this.closeTask(taskId, { settle: false })
		const lock = (await pathExists(dir)) ? await lockTaskFolder(taskId, dir, () => undefined) : undefined
		// The lock lives in the folder: it goes with it, and releasing it afterwards finds nothing left.
		const existed = await removeTaskFolder(dir).finally(() => lock?.release())
		const listed = this.index.get(taskId) !== undefined
		await this.index.remove(taskId)
		return existed || listed
	}

	/**
	 * Waits for the task's pending writes, writes its history entry if it has changes only noted
	 * so far (see saveMetadata), and releases its open files.
	 */
	async closeTask(taskId: string, options: { settle?: boolean } = {}): Promise<void> {
		this.taskDir(taskId) // validates the id
		const task = this.tasks.get(taskId)
		if (task === undefined) return
		this.tasks.delete(taskId)
		await Promise.all([task.ui.close(), task.api.close(), task.saving, task.savingFileContext])
		if (task.unsettled && options.settle !== false) await this.writeMetadata(taskId, task, {}, "settle")
		await Promise.all([task.meta.close(), task.fileContext.close(), task.ledger.close()])
	}

	/** Waits for every pending write and releases all open files. */
	async close(): Promise<void> {
		await Promise.all([...this.tasks.keys()].map((id) => this.closeTask(id)))
		await this.index.flushed()
	}

	/** Validates the id: only a well-formed id can name a folder, so nothing outside `tasks/` is reachable. */
	private taskDir(taskId: string): string {
		const parsed = taskIdSchema.safeParse(taskId)
		if (!parsed.success) throw new Error(`invalid task id ${JSON.stringify(taskId)}`)
		return path.join(this.tasksDir, parsed.data)
	}

	private openTask(taskId: string): OpenTask {
		let task = this.tasks.get(taskId)
		if (task === undefined) {
			task = this.newOpenTask(taskId, { isNew: false, metadata: undefined })
			this.tasks.set(taskId, task)
		}
		return task
	}

	private newOpenTask(
		taskId: string,
		init: { isNew: boolean; metadata: TaskMetadata | undefined },
	): OpenTask {
		const dir = this.taskDir(taskId)
		const journalOptions = {
			durable: this.options.durable,
			compaction: this.options.compaction,
			isNew: init.isNew,
		}
		return {
			dir,
			ui: new UiMessageJournal(path.join(dir, uiMessagesFileName), journalOptions),
			api: new ApiHistoryJournal(path.join(dir, apiHistoryFileName), journalOptions),
			meta: metadataJournal(dir, { durable: this.options.durable, isNew: init.isNew }),
			fileContext: new FileContextJournal(dir, { durable: this.options.durable }),
			ledger: new LedgerJournal(dir, { durable: this.options.durable }),
			metadata: init.metadata,
			unsettled: false,
			saving: Promise.resolve(),
			savingFileContext: Promise.resolve(),
		}
	}

	private writeMetadata(
		taskId: string,
		task: OpenTask,
		changes: MetadataChanges,
		listing: "upsert" | "note" | "settle",
	): Promise<TaskMetadata> {
		const save = task.saving.then(() =>
			saving(taskId, "the task's metadata", async () => {
				const current = task.metadata ?? (await this.storedMetadata(taskId, task.dir))
				const next = validMetadata({
					...current,
					...withoutUndefined(changes),
					id: current.id,
					version: 1,
					createdAt: current.createdAt,
					updatedAt: Date.now(),
					// A few stats: measured when the list is written, not at every turn.
					size: listing === "note" ? current.size : await taskFolderSize(task.dir),
				})
				await task.meta.save(next)
				task.metadata = next
				const item = toHistoryItem(next)
				if (listing === "note") await this.index.note(item)
				else if (listing === "settle") await this.index.settle(item)
				else await this.index.upsert(item)
				task.unsettled = listing === "note" || (task.unsettled && listing === "upsert")
				return next
			}),
		)
		task.saving = save.catch(() => undefined)
		return save
	}

	private async storedMetadata(taskId: string, dir: string): Promise<TaskMetadata> {
		const stored = await readTaskMetadata(dir)
		if (stored.ok) return stored.value
		if (stored.reason === "missing" && !(await pathExists(dir))) throw new TaskNotFoundError(taskId)
		return recoverMetadata(taskId, stored, this.index.get(taskId), []).metadata
	}

	/** Journals, in the API history, a rewind a crash left recorded only in the UI journal. */
	private async finishRewinds(
		taskId: string,
		task: OpenTask,
		uiRewinds: readonly string[],
		api: Awaited<ReturnType<ApiHistoryJournal["load"]>>,
		problems: TaskProblem[],
	): Promise<Awaited<ReturnType<ApiHistoryJournal["load"]>>> {
		const missing = uiRewinds.filter((id) => !api.rewinds.includes(id))
		if (missing.length === 0) return api
		for (const id of missing) {
			const cut = await rewoundCut(task.dir, id)
			if (cut === undefined) {
				problems.push({
					file: task.api.file,
					error: `rewind ${id} could not be finished: its record is unreadable`,
				})
				continue
			}
			await saving(taskId, "the rewind", () => task.api.appendRewind(id, cut.history))
		}
		return task.api.load()
	}

	/** Compaction is O(task) but rare; it runs behind the append, never failing it. */
	private compactInBackground(
		taskId: string,
		journal: { compactIfWorthwhile(): Promise<CompactionOutcome> },
	): void {
		journal.compactIfWorthwhile().catch((error: unknown) => {
			this.options.logger?.warn("Compacting a task journal failed; it stays as it is", {
				taskId,
				error: errorMessage(error),
			})
		})
	}
}

/** What a turn changes; the history list is not sorted or filtered by these, so they may reach it late. */
const countFields = new Set([
	"tokensIn",
	"tokensOut",
	"cacheWrites",
	"cacheReads",
	"totalCost",
	"requests",
	"reasoningTokens",
	"unpricedRequests",
	"subtasks",
	"lastMessageTs",
])

/** `{ status: undefined }` would otherwise erase a default or a stored value when spread. */
function withoutUndefined<T extends object>(value: T): Partial<T> {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
