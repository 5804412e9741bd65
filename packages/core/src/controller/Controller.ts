import path from "node:path"
import { randomUUID } from "node:crypto"
import {
	CairnEventName,
	emptyExtensionState,
	parseWebviewMessage,
	type CairnAPIEvents,
	type ClineMessage,
	type ExtensionMessage,
	type ExtensionState,
	type HistoryItem,
	type McpSnapshot,
	type ProviderProfile,
	type WebviewMessage,
} from "@cairn/types"
import { orchestrationFiles } from "../governance/orchestrationFiles.js"
import type { Host } from "../host/Host.js"
import type { McpHub } from "../mcp/McpHub.js"
import { CodebaseIndexing } from "../codebase-index/codebaseIndexing.js"
import { globalModesFile, ModeCatalog } from "../modes/modeCatalog.js"
import { StorageError } from "../persistence/storageError.js"
import { TaskLockedError } from "../persistence/taskLock.js"
import { toHistoryItem } from "../persistence/taskMetadata.js"
import { TaskStore } from "../persistence/taskStore.js"
import type { Task } from "../task/Task.js"
import type { ResumeOptions } from "../task/taskOptions.js"
import { deletedSubtask, stopStack, SubtaskStack, type SubtaskEnding } from "../subtasks/subtaskStack.js"
import { CheckpointStore } from "../checkpoints/checkpointStore.js"
import type { CheckpointsUnavailable } from "../checkpoints/taskCheckpoints.js"
import { DeltaStream } from "./deltaStream.js"
import { IsolatedEmitter } from "./isolatedEmitter.js"
import { messageHandlers } from "./messageHandlers.js"
import { broadcastSettings, followModeProfile } from "./profileHandlers.js"
import { forwardTaskEvents } from "./forwardTaskEvents.js"
import { SettingsStore } from "./settingsStore.js"
import { TaskProviders } from "./taskProviders.js"
import { startMcp, type ControllerMcp } from "./startMcp.js"
import { makeTask, type NewTaskOptions, type TaskFactoryParts } from "./taskFactory.js"
import { CheckpointsByRoot } from "./workspaceCheckpoints.js"
import type { Client, HandlerContext } from "./handlerContext.js"
import type { ControllerOptions, TaskWorktreesPort } from "./controllerOptions.js"
import { TaskRoom } from "../tasks/TaskRoom.js"
import { TaskBoard } from "../tasks/taskBoard.js"
import { placeFields, storedPlace, type TaskPlace } from "../tasks/taskPlace.js"
import type { StartOptions } from "../tasks/startOptions.js"
import { TaskWriters, type WriterStop } from "./taskWriters.js"
import { personUiLanguage } from "../i18n/personLanguage.js"
import { failedNotice } from "./personText.js"

export type { Client } from "./handlerContext.js"
export type { ControllerOptions, ControllerMcpOptions, TaskWorktreesPort } from "./controllerOptions.js"

/**
 * The composition root: owns the settings, the history, the room of running tasks and the chat
 * (a view of one of them), and speaks the protocol: every client (webview, CLI, API) sends
 * WebviewMessages in and receives the same ExtensionMessages. Handlers get it as a HandlerContext.
 */
export class Controller implements HandlerContext {
	readonly events: IsolatedEmitter<CairnAPIEvents>
	readonly settingsStore: SettingsStore
	/** Every task with a loop in this process, and the line of tasks waiting for a place. */
	readonly room: TaskRoom
	readonly board: TaskBoard
	private readonly clients = new Set<Client>()
	private readonly writers: TaskWriters
	/** The chat: the task on screen, one of the room's. */
	private current: { task: Task; deltas: DeltaStream } | undefined
	private storeInstance: TaskStore | undefined
	private readonly checkpoints: CheckpointsByRoot
	private editorSettingsWatch: { dispose(): void } | undefined
	private mcp: ControllerMcp | undefined
	private modeCatalog: ModeCatalog | undefined
	private readonly subtasks: SubtaskStack
	private readonly taskProviders: TaskProviders
	/** The workspace's semantic index, as the settings want it (codebase_search). */
	readonly codebaseIndex: CodebaseIndexing
	private readonly taskParts: TaskFactoryParts

	constructor(readonly options: ControllerOptions) {
		this.settingsStore = new SettingsStore(options.host)
		this.taskProviders = new TaskProviders(this.settingsStore, options.buildProvider, options.host.logger)
		this.writers = new TaskWriters(
			() => this.store,
			options.host.logger,
			(taskId, stop) => this.stopUnsaved(taskId, stop),
		)
		this.events =
			options.events ??
			new IsolatedEmitter((event, error) =>
				options.host.logger.error(`A listener of "${event}" threw`, { error: String(error) }),
			)
		this.room = new TaskRoom(
			() => this.settingsStore.settings.maxConcurrentTasks,
			(taskId, error) => this.startFailed(taskId, error),
		)
		this.board = new TaskBoard({
			room: this.room,
			store: () => this.store,
			workspaceRoot: options.host.workspaceRoot,
			profileOf: (task) => this.taskProviders.profileOf(task),
			broadcast: (message) => this.broadcast(message),
			logger: options.host.logger,
			text: () => this.settingsStore.personText(),
		})
		this.subtasks = this.subtaskStack()
		this.codebaseIndex = new CodebaseIndexing(
			options.host,
			() => this.settingsStore.settings.codebaseIndex,
			(provider) => this.settingsStore.apiKey(provider),
			options.onCodebaseIndexProgress,
		)
		this.codebaseIndex.onStatus((status) => this.broadcast({ type: "codebaseIndexStatus", status }))
		this.checkpoints = new CheckpointsByRoot(
			options.host,
			() => this.settingsStore.settings.checkpointFileSizeLimitMB,
		)
		this.taskParts = {
			host: options.host,
			options,
			settingsStore: this.settingsStore,
			taskProviders: this.taskProviders,
			codebaseIndex: this.codebaseIndex,
			writers: this.writers,
			subtasks: this.subtasks,
			mcp: () => this.mcp,
			modes: () => this.modes,
			checkpointStore: (root) => this.checkpointStore(root),
		}
	}

	/** The task stack, with the Controller's tasks, store and chat. */
	private subtaskStack(): SubtaskStack {
		const store = () => this.store
		return new SubtaskStack({
			get store() {
				return store()
			},
			events: this.events,
			logger: this.host.logger,
			workspace: this.host.workspaceRoot,
			// A subtask works where its parent works.
			newTask: (options) => {
				const parentId = this.store.get(options.taskId)?.parentTaskId
				const place = parentId === undefined ? undefined : this.room.placeOf(parentId)
				return this.createTask({ ...options, ...(place && { place }) })
			},
			lock: (taskId) => this.writers.lock(taskId),
			// A subtask of the task on screen is shown; one of a task elsewhere in the room is not.
			show: (task) => this.showIfFollowing(task),
			run: (task, loop) => this.run(task, loop),
			open: async (taskId, resume) => {
				await this.writers.lock(taskId)
				return this.openLocked(taskId, resume)
			},
			current: () => this.current?.task,
			forget: (taskId) => {
				this.room.remove(taskId)
				if (this.current?.task.taskId !== taskId) return
				this.current.deltas.flush()
				this.current = undefined
			},
			announce: (taskId) => {
				const item = this.store.get(taskId)
				if (item) this.broadcast({ type: "taskHistoryUpdated", upserted: [item], removedIds: [] })
			},
			reportParentStuck: (error) =>
				this.broadcast(failedNotice(this, "subtasks.parentStuck", { error })),
		})
	}

	get host(): Host {
		return this.options.host
	}

	get currentTask(): Task | undefined {
		return this.current?.task
	}

	/** The task on screen and the parents waiting for it, root first; empty without a task. */
	currentTaskStack(): string[] {
		const task = this.current?.task
		return task === undefined ? [] : this.subtasks.stackOf(task.taskId)
	}

	/** Where a governed workspace's agent trace is (seed 004); it may not exist yet. */
	get agentTraceFile(): string {
		return path.join(this.host.workspaceRoot, orchestrationFiles.trace)
	}

	async initialize(): Promise<void> {
		await this.settingsStore.load()
		this.editorSettingsWatch = this.host.editorSettings?.onDidChange(() => {
			this.settingsStore.reloadEditorSettings()
			void broadcastSettings(this)
			// A raised limit gives places at once.
			this.room.drain()
		})
		this.storeInstance = await TaskStore.open(this.host.storageDir, { logger: this.host.logger })
		this.modeCatalog = await ModeCatalog.open({
			workspaceRoot: this.host.workspaceRoot,
			globalFile: globalModesFile(this.host.storageDir),
			logger: this.host.logger,
		})
		this.modeCatalog.onDidChange(() => this.broadcast({ type: "modes", ...this.modes.snapshot() }))
		void this.codebaseIndex.sync()
		if (this.options.mcp !== undefined)
			this.mcp = await startMcp(this.host, this.options.mcp, this.options.version, (snapshot) =>
				this.broadcast({ type: "mcpServers", ...snapshot }),
			)
		// A restore a crash cut short is finished before anyone works in the workspace again.
		if (await CheckpointStore.hasPendingRestore(this.host.storageDir, this.host.workspaceRoot))
			await this.checkpointStore()
		const report = this.storeInstance.indexReport
		// A fresh storage folder has no index yet; only a rebuild that repaired something is news.
		const repaired = report.added.length > 0 || report.dropped.length > 0 || report.unreadable.length > 0
		if (report.rebuilt !== undefined && (repaired || report.rebuilt !== "the index was missing")) {
			this.host.logger.warn("The task history index was rebuilt", { report: JSON.stringify(report) })
		}
	}

	/** The MCP hub; undefined where this Controller runs no MCP servers. */
	get mcpHub(): McpHub | undefined {
		return this.mcp?.hub
	}

	mcpSnapshot(): McpSnapshot {
		return this.mcp?.hub.snapshot() ?? { servers: [], problems: [] }
	}

	/** Every mode: built-in, the person's and the workspace's. */
	get modes(): ModeCatalog {
		if (this.modeCatalog === undefined)
			throw new Error("The Controller is not initialized: call initialize() first.")
		return this.modeCatalog
	}

	private get store(): TaskStore {
		if (this.storeInstance === undefined)
			throw new Error("The Controller is not initialized: call initialize() first.")
		return this.storeInstance
	}

	/** Attaches a client; it receives every broadcast until the returned function detaches it. */
	attach(client: Client): () => void {
		this.clients.add(client)
		return () => this.clients.delete(client)
	}

	/** Parses and handles one message from `from` (replies go to it; changes go to every client). Never throws. */
	async handleWebviewMessage(input: unknown, from?: Client): Promise<void> {
		const reply = from ?? ((message: ExtensionMessage) => this.broadcast(message))
		const parsed = parseWebviewMessage(input)
		if (!parsed.success) {
			this.host.logger.warn("Invalid message from a client", { error: parsed.error })
			reply({ type: "error", code: "invalid_message", error: parsed.error })
			return
		}
		const message = parsed.data
		try {
			await (
				messageHandlers[message.type] as (
					c: HandlerContext,
					m: WebviewMessage,
					r: Client,
				) => Promise<void>
			)(this, message, reply)
		} catch (error) {
			const text = error instanceof Error ? error.message : String(error)
			this.host.logger.error(`Handling "${message.type}" failed`, { error: text })
			const code =
				error instanceof StorageError
					? "storage_failed"
					: error instanceof TaskLockedError
						? "task_locked"
						: "failed"
			reply({ type: "error", code, error: text, inReplyTo: message.type })
		}
	}

	broadcast(message: ExtensionMessage): void {
		for (const client of this.clients) {
			try {
				client(message)
			} catch (error) {
				this.host.logger.error("A client failed to receive a message", { error: String(error) })
			}
		}
	}

	async snapshot(): Promise<ExtensionState> {
		const settings = this.settingsStore.settings
		const current = this.current
		return emptyExtensionState(this.options.version, {
			settings,
			mode: settings.mode,
			modes: this.modes.snapshot(),
			hasApiKey: await this.settingsStore.hasApiKey(),
			cwd: this.host.workspaceRoot,
			language: personUiLanguage(this.host, settings),
			taskHistory: this.listHistory(),
			...(current && {
				...current.deltas.opening(current.task.messages),
				currentTaskId: current.task.taskId,
				currentTaskItem: this.store.get(current.task.taskId),
				taskStack: this.currentTaskStack(),
				seq: current.deltas.lastSeq,
			}),
		})
	}

	async postState(to: Client = (m) => this.broadcast(m)): Promise<void> {
		to({ type: "state", state: await this.snapshot() })
	}

	/**
	 * Starts a task (see StartOptions) and returns its id. It starts at once when the room has a
	 * place, else it waits in line (`queued`); with `after`, it waits for that first.
	 */
	async startTask(text: string, images: string[] = [], options: StartOptions = {}): Promise<string> {
		const settings = await this.settingsStore.settled()
		const mode = options.mode ?? settings.mode
		const place = options.place ?? { root: this.host.workspaceRoot }
		const task = await this.createTask({
			mode,
			taskId: options.taskId ?? randomUUID(),
			place,
			...(options.profile && { profile: options.profile }),
		})
		await this.store.createTask({
			id: task.taskId,
			task: options.title ?? text,
			workspace: this.host.workspaceRoot,
			mode,
			...placeFields(place, this.host.workspaceRoot),
			...(options.group !== undefined && { group: options.group }),
		})
		await this.writers.lock(task.taskId)
		this.events.emit(CairnEventName.TaskCreated, task.taskId)
		if (options.show !== false) await this.makeCurrent(task)
		const item = this.store.get(task.taskId)
		if (item) this.broadcast({ type: "taskHistoryUpdated", upserted: [item], removedIds: [] })
		const begin = (prefix: string) =>
			this.room.admit({
				taskId: task.taskId,
				start: async () => this.run(task, task.startTask(prefix + text, images)),
			})
		if (options.after === undefined) begin("")
		else {
			this.board.block(task.taskId)
			void options.after.then(
				(gate) => {
					// Cancelled while it waited: it has been closed.
					if (!this.board.unblock(task.taskId) || gate === undefined) return
					begin(gate.prefix)
				},
				(error: unknown) => {
					if (this.board.unblock(task.taskId)) this.startFailed(task.taskId, error)
				},
			)
		}
		return task.taskId
	}

	/**
	 * Ends the task on screen (it stays in history) and shows the empty chat. Resolves once its
	 * last writes are done and its lock released: from then on another process may open it.
	 * `subtask` says what happens to its stack (see SubtaskEnding): by default it stops whole.
	 */
	clearTask(subtask: SubtaskEnding = stopStack): Promise<void> {
		const current = this.current
		if (current === undefined) return Promise.resolve()
		this.current = undefined
		current.deltas.flush()
		return this.endTask(current.task, subtask)
	}

	/** Ends a task of the room for good (its stack as `subtask` says). */
	private endTask(task: Task, subtask: SubtaskEnding): Promise<void> {
		this.subtasks.ending(task.taskId, subtask)
		const unstarted = this.room.cancelQueued(task.taskId) || this.board.unblock(task.taskId)
		task.abandon()
		this.room.remove(task.taskId)
		// A task that never started has no loop to release its lock.
		return unstarted ? this.writers.abandon(task.taskId) : this.writers.ended(task.taskId)
	}

	/**
	 * Shows a task of the history in the chat: a task of the room as it is (the one on screen
	 * before goes on in the room), a stored one read back from disk and offered for resumption.
	 * False when there is no such task.
	 */
	async showTask(taskId: string): Promise<boolean> {
		if (this.current?.task.taskId === taskId) return true
		const live = this.room.get(taskId)
		if (live !== undefined) {
			this.leaveView()
			this.current = { task: live, deltas: DeltaStream.ofTask(live, (m) => this.broadcast(m)) }
			await this.showMode(live.currentMode)
			return true
		}
		if (this.store.get(taskId) === undefined) return false
		// A stack cut short (a restart) goes on from its deepest unfinished subtask.
		const target = this.subtasks.deepestOf(taskId)
		if ("returnTo" in target) {
			await this.subtasks.returnToStored(target.returnTo, target.toolUseId, target.returned)
			return true
		}
		// Locked before it is read: another process writing it would make what is read stale at once.
		await this.writers.lock(target.open)
		await this.openLocked(target.open, {})
		return true
	}

	/**
	 * Goes on with a task the board shows as interrupted: one of the room that offers to resume,
	 * or a stored one (a crash, a cancel), which joins the room when it has a place.
	 */
	async resumeTask(taskId: string): Promise<void> {
		const live = this.room.get(taskId)
		if (live !== undefined) {
			if (this.room.stateOf(taskId)?.state !== "interrupted" || this.board.isWaiting(taskId))
				throw new Error(this.settingsStore.personText()("board.notInterrupted"))
			live.handleWebviewAskResponse("yesButtonClicked")
			return
		}
		const item = this.store.get(taskId)
		if (item === undefined)
			throw new Error(this.settingsStore.personText()("history.noSuchTask", { taskId }))
		await this.writers.lock(taskId)
		this.room.admit({ taskId, start: () => this.openLocked(taskId, { atOnce: true }, false).then(() => undefined) })
	}

	/** Stops a task of the room where it is (it can be resumed); one not started yet is closed. False when it is not in the room. */
	async cancelTask(taskId: string): Promise<boolean> {
		const task = this.room.get(taskId)
		if (task === undefined) {
			// Resumed from the board and still waiting for a place: it gives the place and its lock back.
			if (!this.room.cancelQueued(taskId)) return false
			await this.writers.abandon(taskId)
			return true
		}
		if (this.room.queued().includes(taskId) || this.board.isWaiting(taskId)) {
			if (this.current?.task === task) this.current = undefined
			await this.endTask(task, stopStack)
			await this.store.saveMetadata(taskId, { status: "aborted" })
			this.board.refresh(taskId)
			return true
		}
		task.cancel()
		return true
	}

	/** Ends a task of the room for good (its worktree goes, say); the chat shows nothing if it showed it. */
	async closeTask(taskId: string): Promise<void> {
		if (this.current?.task.taskId === taskId) return this.clearTask()
		const task = this.room.get(taskId)
		if (task !== undefined) await this.endTask(task, stopStack)
	}

	/**
	 * Stops the current task, lets `change` work on its stored form (its files are not written by
	 * anyone else meanwhile: the task's lock is held), then opens it again as `change` says, or,
	 * when `change` fails, as it was (the error is thrown after the task is open again).
	 */
	async reopenTask(
		taskId: string,
		change: (store: TaskStore, stopped: Task) => Promise<ResumeOptions>,
	): Promise<void> {
		const stopped = this.current?.task
		if (stopped?.taskId !== taskId) throw new Error("Only the task on screen can be changed.")
		await this.clearTask({ kind: "reopen" })
		await this.writers.lock(taskId)
		let resume: ResumeOptions = {}
		let failure: unknown
		try {
			resume = await change(this.store, stopped)
		} catch (error) {
			failure = error
		}
		await this.openLocked(taskId, resume)
		if (failure !== undefined) throw failure
	}

	/** The checkpoints of `root` (the folder the task on screen works in by default), or why they cannot be used now. */
	checkpointStore(root?: string): Promise<CheckpointStore | CheckpointsUnavailable> {
		const where = root ?? (this.current && this.room.placeOf(this.current.task.taskId)?.root)
		return this.checkpoints.of(where).open()
	}

	/**
	 * Reads a task this process holds the lock of and runs it in the room, going on as `resume`
	 * says; `show`: the chat shows it. A task that never started (it waited in line when its
	 * process ended) starts from its text.
	 */
	private async openLocked(taskId: string, resume: ResumeOptions, show = true): Promise<Task> {
		let task: Task
		let unstarted = false
		try {
			const loaded = await this.store.loadTask(taskId)
			for (const problem of loaded.problems)
				this.host.logger.warn(`Task ${taskId} opened with damage repaired`, {
					problem: JSON.stringify(problem),
				})
			this.subtasks.adoptStored(taskId)
			// A subtask that finished just before a restart is not resumed: its parent is.
			const parent = await this.subtasks.returnIfCompleted({ taskId, messages: loaded.messages })
			if (parent !== undefined) {
				await this.writers.abandon(taskId)
				return parent
			}
			unstarted = loaded.messages.length === 0
			task = await this.createTask({
				mode: loaded.metadata.mode ?? this.settingsStore.settings.mode,
				taskId,
				place: storedPlace(loaded.metadata, this.host.workspaceRoot),
				saved: {
					messages: loaded.messages,
					apiHistory: loaded.apiHistory,
					contextView: loaded.contextView,
					fileContext: loaded.fileContext,
				},
			})
		} catch (error) {
			await this.writers.abandon(taskId)
			throw error
		}
		if (show) await this.makeCurrent(task)
		const text = this.store.get(taskId)?.task ?? ""
		this.run(task, unstarted ? task.startTask(text) : task.resumeFromHistory(resume))
		return task
	}

	async deleteTask(taskId: string): Promise<boolean> {
		// A deleted subtask's parent goes on without its result; a deleted parent stops its stack.
		const task = this.room.get(taskId)
		if (this.current?.task.taskId === taskId) void this.clearTask(deletedSubtask)
		else if (task !== undefined) void this.endTask(task, deletedSubtask)
		else this.subtasks.ending(taskId, deletedSubtask)
		// The store deletes only under the task's lock, which its loop releases as it ends.
		await this.writers.ended(taskId)
		const root = this.store.get(taskId)?.root
		const deleted = await this.store.deleteTask(taskId)
		if (this.settingsStore.settings.enableCheckpoints) await this.checkpoints.of(root).forgetTask(taskId)
		if (deleted) {
			this.broadcast({ type: "taskHistoryUpdated", upserted: [], removedIds: [taskId] })
			this.broadcast({ type: "taskCardRemoved", taskId })
		}
		return deleted
	}

	/** A task of the history (any workspace's), or undefined. */
	historyItem(taskId: string): HistoryItem | undefined {
		return this.store.get(taskId)
	}

	/** Tasks newest first: this workspace's, or every workspace's; optionally those whose text matches `query`. */
	listHistory(options: { allWorkspaces?: boolean; query?: string } = {}): HistoryItem[] {
		return this.store.list({
			...(!options.allWorkspaces && { workspace: this.host.workspaceRoot }),
			...(options.query !== undefined && { query: options.query }),
		})
	}

	/** A task's title and transcript, from memory if it is open, else from disk. */
	async taskRecord(
		taskId: string,
	): Promise<{ item: HistoryItem; messages: readonly ClineMessage[] } | undefined> {
		const item = this.store.get(taskId)
		if (item === undefined) return undefined
		const live = this.room.get(taskId)
		return { item, messages: live ? live.messages : (await this.store.loadTask(taskId)).messages }
	}

	/** Stops every task, writes what is pending and closes the store (the host is shutting down). */
	async dispose(): Promise<void> {
		this.editorSettingsWatch?.dispose()
		this.modeCatalog?.dispose()
		const indexStopped = this.codebaseIndex.dispose()
		const tasks = this.room.tasks()
		void this.clearTask()
		for (const task of tasks) {
			this.room.cancelQueued(task.taskId)
			task.abandon()
			this.room.remove(task.taskId)
		}
		try {
			// A checkpoint being saved finishes its git commands before the host goes.
			await Promise.all(tasks.map((task) => task.checkpointsSettled()))
			await this.writers.close()
			await this.storeInstance?.close()
			await indexStopped
		} finally {
			// No MCP server process outlives the Controller, whatever failed above.
			await this.mcp?.hub.dispose()
		}
	}

	/**
	 * Waits until everything the tasks reported is on disk, their checkpoints included (for
	 * shutdown and tests): a process that ended while a checkpoint's git still ran left it writing.
	 */
	async flush(): Promise<void> {
		await Promise.all(this.room.tasks().map((task) => task.checkpointsSettled()))
		await this.writers.flushed()
	}

	private async createTask(options: NewTaskOptions): Promise<Task> {
		const task = await makeTask(this.taskParts, options)
		const taskId = task.taskId
		forwardTaskEvents(task, this.events, (changes) => this.saveItem(taskId, changes))
		task.on("message", ({ message }) => {
			if (this.current?.task === task) this.current.deltas.push(message)
		})
		task.on("taskModeSwitched", (mode) => {
			if (this.current?.task !== task) return
			void this.showMode(mode).catch((error: unknown) =>
				this.host.logger.error("Saving the switched mode failed", { error: String(error) }),
			)
		})
		this.room.add(task, options.place ?? { root: this.host.workspaceRoot })
		return task
	}

	/**
	 * The task on screen talks to `profile`'s model (the current profile's by default) from its
	 * next request on; the switch is in place before this returns its promise.
	 */
	switchCurrentTaskModel(profile?: ProviderProfile): Promise<void> {
		if (this.current === undefined) return Promise.resolve()
		return this.taskProviders.switch(this.current.task, profile)
	}

	/** The chat's mode follows the task on screen (a switch_mode, a subtask in its own mode). */
	private async showMode(mode: string): Promise<void> {
		if (this.settingsStore.settings.mode === mode) return
		// Started first: the task's next request waits for the model the mode remembers.
		const following = followModeProfile(this, mode)
		await this.settingsStore.update({ mode })
		this.broadcast({ type: "modeChanged", mode })
		await following
	}

	/** A subtask is shown when the chat shows its stack (or nothing); else it runs on in the room unseen. */
	private async showIfFollowing(task: Task): Promise<void> {
		const shown = this.current?.task.taskId
		if (shown !== undefined && !this.subtasks.stackOf(task.taskId).includes(shown)) return
		await this.showLive(task)
	}

	/** Shows a task of this process (a subtask, or its parent again) without ending the one on screen. */
	private async showLive(task: Task): Promise<void> {
		this.current?.deltas.flush()
		this.current = { task, deltas: DeltaStream.ofTask(task, (m) => this.broadcast(m)) }
		await this.showMode(task.currentMode)
		await this.postState()
	}

	/** The chat's task goes out of view: a task still at work goes on in the room; a stopped one ends as before. */
	private leaveView(): void {
		const leaving = this.current
		if (leaving === undefined) return
		leaving.deltas.flush()
		this.current = undefined
		const state = this.room.stateOf(leaving.task.taskId)?.state
		if (state === "running" || state === "waiting") return
		void this.endTask(leaving.task, stopStack)
	}

	private async makeCurrent(task: Task): Promise<void> {
		// A new chat ends the one before, as the person's "new task" always has.
		void this.clearTask()
		this.current = { task, deltas: DeltaStream.ofTask(task, (m) => this.broadcast(m)) }
		await this.showMode(task.currentMode)
		await this.postState()
	}

	private run(task: Task, loop: Promise<void>): void {
		this.writers.running(task.taskId, loop)
		this.subtasks.watch(task, loop)
		this.room.running(task.taskId, loop)
		void loop.catch((error: unknown) => {
			this.host.logger.error("The task loop failed", { taskId: task.taskId, error: String(error) })
			this.broadcast(failedNotice(this, "task.stoppedUnexpectedly", { error: String(error) }))
		})
	}

	/** A task that waited (in line, or for its linked task) could not start: its card says why. */
	private startFailed(taskId: string, error: unknown): void {
		const message = error instanceof Error ? error.message : String(error)
		this.host.logger.error("A task could not start", { taskId, error: message })
		const task = this.room.get(taskId)
		void (task ? this.endTask(task, stopStack) : this.writers.abandon(taskId))
		this.board.failed(taskId, message)
	}

	/**
	 * A running task that can no longer be saved (or that another process took over) stops here:
	 * it is abandoned and closed, so the person reopens it from the history to resume it from
	 * what is on disk, and every client is told why.
	 */
	private stopUnsaved(taskId: string, stop: WriterStop): void {
		const task = this.room.get(taskId)
		// A subtask's parent goes on (told why); a parent's stack stops.
		const ending: SubtaskEnding = {
			kind: "return",
			text: `The subtask was stopped before it finished: ${stop.error.message}`,
		}
		this.subtasks.ending(taskId, ending)
		if (this.current?.task.taskId === taskId) void this.clearTask(ending)
		task?.abandon()
		this.room.remove(taskId)
		this.host.logger.error("A task was stopped", { taskId, error: stop.error.message })
		this.broadcast({ type: "error", code: stop.code, error: stop.error.message })
		void this.postState()
	}

	/** The workspace's task worktrees, where the host has them. */
	get worktrees(): TaskWorktreesPort | undefined {
		return this.options.worktrees
	}

	/** Changes a task's history item, through its writer while it runs here. */
	async updateItem(taskId: string, changes: Partial<HistoryItem>): Promise<void> {
		if (this.writers.find(taskId) !== undefined) return this.saveItem(taskId, changes)
		await this.store.saveMetadata(taskId, changes)
		const item = this.store.get(taskId)
		if (item) this.broadcast({ type: "taskHistoryUpdated", upserted: [item], removedIds: [] })
		this.board.refresh(taskId)
	}

	private saveItem(taskId: string, changes: Partial<HistoryItem>): void {
		this.writers.find(taskId)?.saveMetadata(changes, (metadata) => {
			this.broadcast({
				type: "taskHistoryUpdated",
				upserted: [toHistoryItem(metadata)],
				removedIds: [],
			})
			this.board.refresh(taskId)
		})
	}
}
