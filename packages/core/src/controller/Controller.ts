import path from "node:path"
import {
	emptyExtensionState,
	type CairnAPIEvents,
	type ClineMessage,
	type ExtensionMessage,
	type ExtensionState,
	type HistoryItem,
	type ImportReport,
	type McpSnapshot,
	type ProviderProfile,
} from "@cairn/types"
import { orchestrationFiles } from "../governance/orchestrationFiles.js"
import type { Host } from "../host/Host.js"
import type { McpHub } from "../mcp/McpHub.js"
import { storedBudgets } from "../budgets/budgets.js"
import { CodebaseIndexing } from "../codebase-index/codebaseIndexing.js"
import { globalModesFile, ModeCatalog } from "../modes/modeCatalog.js"
import { ModesByRoot } from "../modes/modesByRoot.js"
import { TaskStore } from "../persistence/taskStore.js"
import { importRooTasks } from "../imports/importRooTasks.js"
import type { Task } from "../task/Task.js"
import type { ResumeOptions } from "../task/taskOptions.js"
import { deletedSubtask, stopStack, type SubtaskEnding } from "../subtasks/subtaskStack.js"
import { CheckpointStore } from "../checkpoints/checkpointStore.js"
import type { CheckpointsUnavailable } from "../checkpoints/taskCheckpoints.js"
import { RoomTasks } from "../tasks/roomTasks.js"
import type { StartOptions } from "../tasks/startOptions.js"
import { TaskBoard } from "../tasks/taskBoard.js"
import { TaskRoom } from "../tasks/TaskRoom.js"
import { personUiLanguage } from "../i18n/personLanguage.js"
import type { ControllerOptions, TaskWorktreesPort } from "./controllerOptions.js"
import { worktreesPort } from "../worktrees/worktreesPort.js"
import { dispatchMessage } from "./dispatchMessage.js"
import type { Client, HandlerContext } from "./handlerContext.js"
import { IsolatedEmitter } from "./isolatedEmitter.js"
import { OnScreenTask } from "./onScreenTask.js"
import { broadcastSettings, followModeProfile } from "./profileHandlers.js"
import { SettingsStore } from "./settingsStore.js"
import { startMcp, type ControllerMcp } from "./startMcp.js"
import { TaskProviders } from "./taskProviders.js"
import { controllerTelemetry } from "./controllerTelemetry.js"
import type { TelemetryExport } from "../telemetry/telemetryExport.js"
import { CheckpointsByRoot } from "./workspaceCheckpoints.js"
import { processLauncher } from "../checkpoints/processLauncher.js"

export type { Client } from "./handlerContext.js"
export type { ControllerOptions, ControllerMcpOptions, TaskWorktreesPort } from "./controllerOptions.js"

/**
 * The composition root: the settings, the history, the room of running tasks, the board and the
 * chat (a view of one task of the room), speaking the protocol: every client (webview, CLI, API)
 * sends WebviewMessages in and receives the same ExtensionMessages. Handlers get it as a
 * HandlerContext.
 */
export class Controller implements HandlerContext {
	readonly events: IsolatedEmitter<CairnAPIEvents>
	readonly settingsStore: SettingsStore
	/** Every task with a loop in this process, and the line of tasks waiting for a place. */
	readonly room: TaskRoom
	readonly board: TaskBoard
	/** The workspace's semantic index, as the settings want it (codebase_search). */
	readonly codebaseIndex: CodebaseIndexing
	private readonly clients = new Set<Client>()
	private readonly chat: OnScreenTask
	private readonly tasks: RoomTasks
	private storeInstance: TaskStore | undefined
	private readonly checkpoints: CheckpointsByRoot
	private editorSettingsWatch: { dispose(): void } | undefined
	private mcp: ControllerMcp | undefined
	private modeCatalog: ModeCatalog | undefined
	private readonly modesByRoot: ModesByRoot
	private readonly taskProviders: TaskProviders
	private readonly worktreePort: TaskWorktreesPort
	private readonly telemetry: TelemetryExport

	constructor(readonly options: ControllerOptions) {
		const { host } = options
		this.settingsStore = new SettingsStore(host)
		this.worktreePort =
			options.worktrees ??
			worktreesPort({
				host,
				settings: () => this.settingsStore.settings,
				text: () => this.settingsStore.personText(),
				titleOf: (taskId) => this.storeInstance?.get(taskId)?.task ?? taskId,
			})
		this.taskProviders = new TaskProviders(this.settingsStore, options.buildProvider, host.logger)
		this.telemetry = controllerTelemetry(this.settingsStore, options)
		this.events =
			options.events ??
			new IsolatedEmitter((event, error) =>
				host.logger.error(`A listener of "${event}" threw`, { error: String(error) }),
			)
		const broadcast = (message: ExtensionMessage) => this.broadcast(message)
		this.room = new TaskRoom(
			() => this.settingsStore.settings.maxConcurrentTasks,
			(taskId, error) => this.tasks.startFailed(taskId, error),
		)
		this.board = new TaskBoard({
			room: this.room,
			store: () => this.store,
			workspaceRoot: host.workspaceRoot,
			profileOf: (task) => this.taskProviders.profileOf(task),
			broadcast,
			logger: host.logger,
			text: () => this.settingsStore.personText(),
			changesOf: (taskId) => this.worktrees.changes(taskId),
		})
		this.codebaseIndex = new CodebaseIndexing(
			host,
			() => this.settingsStore.settings.codebaseIndex,
			(provider) => this.settingsStore.apiKey(provider),
			options.onCodebaseIndexProgress,
		)
		this.codebaseIndex.onStatus((status) => this.broadcast({ type: "codebaseIndexStatus", status }))
		this.checkpoints = new CheckpointsByRoot(
			host,
			() => this.settingsStore.settings.checkpointFileSizeLimitMB,
		)
		this.modesByRoot = new ModesByRoot(() => this.modes, {
			workspaceRoot: host.workspaceRoot,
			globalFile: globalModesFile(host.storageDir),
			logger: host.logger,
		})
		this.chat = new OnScreenTask({
			settingsStore: this.settingsStore,
			broadcast,
			followMode: (mode) => followModeProfile(this, mode),
		})
		this.tasks = new RoomTasks({
			host,
			events: this.events,
			settingsStore: this.settingsStore,
			store: () => this.store,
			room: this.room,
			board: this.board,
			chat: this.chat,
			factory: {
				host,
				options,
				settingsStore: this.settingsStore,
				taskProviders: this.taskProviders,
				codebaseIndex: this.codebaseIndex,
				mcp: () => this.mcp,
				modes: (root) => this.modesByRoot.of(root),
				checkpointStore: (root) => this.checkpointStore(root),
				previews: this.chat.previews,
				telemetry: this.telemetry,
				budgets: storedBudgets(host.storageDir, () => {
					const { budgets } = this.settingsStore.settings
					return options.taskBudget ? { ...budgets, task: options.taskBudget } : budgets
				}),
			},
			broadcast,
			postState: () => this.postState(),
			clearChat: (subtask) => this.clearTask(subtask),
			leaveChat: () => this.leaveChat(),
		})
	}

	get host(): Host {
		return this.options.host
	}

	get currentTask(): Task | undefined {
		return this.chat.task
	}

	/** The task on screen and the parents waiting for it, root first; empty without a task. */
	currentTaskStack(): string[] {
		const task = this.chat.task
		return task === undefined ? [] : this.tasks.subtasks.stackOf(task.taskId)
	}

	/** Where a governed workspace's agent trace is (seed 004); it may not exist yet. */
	get agentTraceFile(): string {
		return path.join(this.host.workspaceRoot, orchestrationFiles.trace)
	}

	/** The workspace's task worktrees (each call fails, saying why, outside a git repository). */
	get worktrees(): TaskWorktreesPort {
		return this.worktreePort
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
	handleWebviewMessage(input: unknown, from?: Client): Promise<void> {
		return dispatchMessage(this, input, from ?? ((message) => this.broadcast(message)))
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
		const task = this.chat.task
		const opening = this.chat.opening()
		return emptyExtensionState(this.options.version, {
			settings,
			mode: settings.mode,
			modes: this.modes.snapshot(),
			hasApiKey: await this.settingsStore.hasApiKey(),
			cwd: this.host.workspaceRoot,
			language: personUiLanguage(this.host, settings),
			taskHistory: this.listHistory(),
			...(task &&
				opening && {
					...opening,
					currentTaskId: task.taskId,
					currentTaskItem: this.store.get(task.taskId),
					taskStack: this.currentTaskStack(),
				}),
		})
	}

	async postState(to: Client = (m) => this.broadcast(m)): Promise<void> {
		to({ type: "state", state: await this.snapshot() })
	}

	/**
	 * Starts a task and returns its id: by default in the chat, replacing (ending) the chat's task,
	 * as a new chat always has; from the board (`show: false`) beside it. It waits in line when the
	 * room is full. `title`: how the history lists it, when not by its text (a slash command as typed).
	 */
	startTask(text: string, images: string[] = [], options: StartOptions = {}): Promise<string> {
		return this.tasks.start(text, images, options)
	}

	/**
	 * Ends the task on screen (it stays in history) and shows the empty chat. Resolves once its
	 * last writes are done and its lock released: from then on another process may open it.
	 * `subtask` says what happens to its stack (see SubtaskEnding): by default it stops whole.
	 */
	clearTask(subtask: SubtaskEnding = stopStack): Promise<void> {
		const task = this.chat.take()
		return task === undefined ? Promise.resolve() : this.tasks.end(task, subtask)
	}

	/**
	 * Shows a task of the history in the chat: a task of the room as it is (the one on screen
	 * before goes on in the room while it works), a stored one read back from disk and offered
	 * for resumption. False when there is no such task.
	 */
	async showTask(taskId: string): Promise<boolean> {
		if (this.chat.task?.taskId === taskId) return true
		const live = this.room.get(taskId)
		if (live !== undefined) {
			this.leaveChat()
			this.tasks.seen(taskId)
			await this.chat.show(live)
			return true
		}
		if (this.store.get(taskId) === undefined) return false
		// A stack cut short (a restart) goes on from its deepest unfinished subtask.
		const target = this.tasks.subtasks.deepestOf(taskId)
		if ("returnTo" in target) {
			await this.tasks.subtasks.returnToStored(target.returnTo, target.toolUseId, target.returned)
			return true
		}
		// Locked before it is read: another process writing it would make what is read stale at once.
		await this.tasks.writers.lock(target.open)
		await this.tasks.openLocked(target.open, {})
		return true
	}

	/** The chat's task goes out of view: one still at work goes on in the room; a stopped one ends, as before. */
	private leaveChat(): void {
		const leaving = this.chat.take()
		if (leaving === undefined) return
		const state = this.room.stateOf(leaving.taskId)?.state
		if (state !== "running" && state !== "waiting") void this.tasks.end(leaving, stopStack)
	}

	resumeTask(taskId: string): Promise<void> {
		return this.tasks.resume(taskId)
	}

	showProposedEdit(taskId: string): Promise<void> {
		return this.chat.previews.show(taskId)
	}

	cancelTask(taskId: string): Promise<boolean> {
		return this.tasks.cancel(taskId)
	}

	/** Ends a task of the room for good (its worktree goes, say); the chat shows nothing if it showed it. */
	async closeTask(taskId: string): Promise<void> {
		if (this.chat.task?.taskId === taskId) return this.clearTask()
		const task = this.room.get(taskId)
		if (task !== undefined) await this.tasks.end(task, stopStack)
	}

	updateItem(taskId: string, changes: Partial<HistoryItem>): Promise<void> {
		return this.tasks.updateItem(taskId, changes)
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
		const stopped = this.chat.task
		if (stopped?.taskId !== taskId) throw new Error("Only the task on screen can be changed.")
		await this.clearTask({ kind: "reopen" })
		await this.tasks.writers.lock(taskId)
		let resume: ResumeOptions = {}
		let failure: unknown
		try {
			resume = await change(this.store, stopped)
		} catch (error) {
			failure = error
		}
		await this.tasks.openLocked(taskId, resume)
		if (failure !== undefined) throw failure
	}

	/** The checkpoints of `root` (the folder the task on screen works in by default), or why they cannot be used now. */
	checkpointStore(root?: string): Promise<CheckpointStore | CheckpointsUnavailable> {
		const shown = this.chat.task
		const where = root ?? (shown && this.room.placeOf(shown.taskId)?.root)
		return this.checkpoints.of(where).open()
	}

	async deleteTask(taskId: string): Promise<boolean> {
		// A deleted subtask's parent goes on without its result; a deleted parent stops its stack.
		const task = this.room.get(taskId)
		if (this.chat.task?.taskId === taskId) void this.clearTask(deletedSubtask)
		else if (task !== undefined) void this.tasks.end(task, deletedSubtask)
		else this.tasks.subtasks.ending(taskId, deletedSubtask)
		// The store deletes only under the task's lock, which its loop releases as it ends.
		await this.tasks.writers.ended(taskId)
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

	async importRooTasks(folder: string): Promise<ImportReport> {
		const { report, imported } = await importRooTasks(folder, this.store, {
			workspace: this.host.workspaceRoot,
		})
		const upserted = imported.flatMap((id) => this.store.get(id) ?? [])
		if (upserted.length > 0) this.broadcast({ type: "taskHistoryUpdated", upserted, removedIds: [] })
		return report
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

	/**
	 * The task on screen talks to `profile`'s model (the current profile's by default) from its
	 * next request on; the switch is in place before this returns its promise.
	 */
	switchCurrentTaskModel(profile?: ProviderProfile): Promise<void> {
		const task = this.chat.task
		return task === undefined ? Promise.resolve() : this.taskProviders.switch(task, profile)
	}

	/** Stops every task, writes what is pending and closes the store (the host is shutting down). */
	async dispose(): Promise<void> {
		this.editorSettingsWatch?.dispose()
		this.modeCatalog?.dispose()
		await this.modesByRoot.dispose()
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
			await this.closeCheckpoints()
			// Nor does the process that started its git commands.
			await processLauncher.dispose()
			// No background command outlives its task: each has ended, its whole process group with it.
			await Promise.all(tasks.map((task) => task.commands.settled()))
			await this.tasks.writers.close()
			await this.storeInstance?.close()
			await indexStopped
		} finally {
			// No MCP server process outlives the Controller, whatever failed above.
			await this.mcp?.hub.dispose()
			await this.telemetry.close()
		}
	}

	/**
	 * Leaves every checkpoint readable by git (their trees packed) and lets the stores' locks go, for
	 * a process that is ending. A failure is said; the next store to open packs what is left.
	 */
	closeCheckpoints(): Promise<void> {
		return this.checkpoints
			.close()
			.catch((error: unknown) =>
				this.host.logger.error("The checkpoints could not be closed", { error: String(error) }),
			)
	}

	/** Sends the spans and metrics not yet exported and stops exporting (bounded: the process is ending). */
	closeTelemetry(): Promise<void> {
		return this.telemetry.close()
	}

	/**
	 * Waits until everything the tasks reported is on disk, their checkpoints and the last rows of
	 * the background commands they stopped included (for shutdown and tests): a process that ended while a checkpoint's git still ran left it writing.
	 */
	async flush(): Promise<void> {
		// A background command the task stopped as it ended has its last row to write.
		await Promise.all(this.room.tasks().map((task) => task.commands.stopped()))
		await Promise.all(this.room.tasks().map((task) => task.checkpointsSettled()))
		await this.tasks.writers.flushed()
	}
}
