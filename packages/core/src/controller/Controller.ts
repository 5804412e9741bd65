import path from "node:path"
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
	type ProviderSettings,
	type WebviewMessage,
} from "@cairn/types"
import { orchestrationFiles } from "../governance/orchestrationFiles.js"
import type { Host } from "../host/Host.js"
import type { McpHub } from "../mcp/McpHub.js"
import { CodebaseIndexing } from "../codebase-index/codebaseIndexing.js"
import type { IndexProgress } from "../codebase-index/indexProgress.js"
import { globalModesFile, ModeCatalog } from "../modes/modeCatalog.js"
import type { ReconnectPolicy } from "../mcp/reconnectPolicy.js"
import type { ModelProvider, ToolSpec } from "../providers/modelProvider.js"
import { StorageError } from "../persistence/storageError.js"
import { TaskLockedError } from "../persistence/taskLock.js"
import { toHistoryItem } from "../persistence/taskMetadata.js"
import { TaskStore } from "../persistence/taskStore.js"
import type { Task } from "../task/Task.js"
import type { ResumeOptions } from "../task/taskOptions.js"
import { deletedSubtask, stopStack, SubtaskStack, type SubtaskEnding } from "../subtasks/subtaskStack.js"
import { CheckpointStore } from "../checkpoints/checkpointStore.js"
import type { CheckpointsUnavailable } from "../checkpoints/taskCheckpoints.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import { DeltaStream } from "./deltaStream.js"
import { IsolatedEmitter } from "./isolatedEmitter.js"
import { messageHandlers } from "./messageHandlers.js"
import { broadcastSettings, followModeProfile } from "./profileHandlers.js"
import { forwardTaskEvents } from "./forwardTaskEvents.js"
import { SettingsStore } from "./settingsStore.js"
import { TaskProviders } from "./taskProviders.js"
import { startMcp, type ControllerMcp } from "./startMcp.js"
import { makeTask, type NewTaskOptions, type TaskFactoryParts } from "./taskFactory.js"
import { WorkspaceCheckpoints } from "./workspaceCheckpoints.js"
import { TaskWriters, type WriterStop } from "./taskWriters.js"
import { personUiLanguage } from "../i18n/personLanguage.js"
import { failedNotice } from "./personText.js"

export type Client = (message: ExtensionMessage) => void

export interface ControllerOptions {
	host: Host
	version: string
	tools: readonly ToolDefinition[]
	toolSpecs: readonly ToolSpec[]
	buildProvider: (settings: ProviderSettings, apiKey: string | undefined) => ModelProvider
	/** First retry delay when the provider gives no retry-after; tests shorten it. */
	retryBaseDelayMs?: number
	/**
	 * Where API events go. The extension passes the emitter it handed out before the agent
	 * loaded, so listeners added early hear everything; by default the Controller makes its own.
	 */
	events?: IsolatedEmitter<CairnAPIEvents>
	/** False turns checkpoints off for this Controller's life whatever the settings say (the CLI's --no-checkpoints). */
	checkpoints?: boolean
	/** MCP servers; absent: this Controller runs none. */
	mcp?: ControllerMcpOptions
	/** Hears how the codebase index is coming along (the extension shows the first build). */
	onCodebaseIndexProgress?: (progress: IndexProgress) => void
}

export interface ControllerMcpOptions {
	/** The person's own config file (VS Code: `<storage>/settings/mcp_settings.json`; CLI: `$CAIRN_HOME/mcp.json`). */
	globalConfigFile: string
	/** `<workspace>/.cairn/mcp.json` by default. */
	projectConfigFile?: string
	/** How the person allows the workspace's servers on this host, e.g. "Run with --allow-project-mcp." */
	howToAllowProject: string
	/** Reconnect timings (tests shorten them). */
	reconnect?: Partial<ReconnectPolicy>
	stopGraceMs?: number
	/** Where `${env:VAR}` is looked up; this process's environment by default. */
	env?: NodeJS.ProcessEnv
}

/**
 * Owns the current task, settings and this session's history, and speaks the protocol: every
 * client (webview, CLI, API) sends WebviewMessages in and receives the same ExtensionMessages.
 */
export class Controller {
	readonly events: IsolatedEmitter<CairnAPIEvents>
	readonly settingsStore: SettingsStore
	private readonly clients = new Set<Client>()
	/** Tasks with a loop in this process, by id; the rest of the history is on disk. */
	private readonly live = new Map<string, Task>()
	private readonly writers: TaskWriters
	private current: { task: Task; deltas: DeltaStream } | undefined
	private storeInstance: TaskStore | undefined
	private readonly checkpoints: WorkspaceCheckpoints
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
		this.subtasks = this.subtaskStack()
		this.codebaseIndex = new CodebaseIndexing(
			options.host,
			() => this.settingsStore.settings.codebaseIndex,
			(provider) => this.settingsStore.apiKey(provider),
			options.onCodebaseIndexProgress,
		)
		this.codebaseIndex.onStatus((status) => this.broadcast({ type: "codebaseIndexStatus", status }))
		this.checkpoints = new WorkspaceCheckpoints(
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
			checkpointStore: () => this.checkpointStore(),
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
			newTask: (options) => this.createTask(options),
			lock: (taskId) => this.writers.lock(taskId),
			show: (task) => this.showLive(task),
			run: (task, loop) => this.run(task, loop),
			open: async (taskId, resume) => {
				await this.writers.lock(taskId)
				return this.openLocked(taskId, resume)
			},
			current: () => this.current?.task,
			forget: (taskId) => {
				this.live.delete(taskId)
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
					c: Controller,
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
	 * Starts a task with the configured provider, replacing the current one. Returns its id.
	 * `title`: how the history lists it, when not by its text (a slash command as typed).
	 */
	async startTask(text: string, images: string[] = [], options: { title?: string } = {}): Promise<string> {
		const settings = await this.settingsStore.settled()
		const task = await this.createTask({ mode: settings.mode })
		await this.store.createTask({
			id: task.taskId,
			task: options.title ?? text,
			workspace: this.host.workspaceRoot,
			mode: settings.mode,
		})
		await this.writers.lock(task.taskId)
		this.events.emit(CairnEventName.TaskCreated, task.taskId)
		await this.makeCurrent(task)
		const item = this.store.get(task.taskId)
		if (item) this.broadcast({ type: "taskHistoryUpdated", upserted: [item], removedIds: [] })
		this.run(task, task.startTask(text, images))
		return task.taskId
	}

	/**
	 * Ends the current task (it stays in history) and shows the empty chat. Resolves once its
	 * last writes are done and its lock released: from then on another process may open it.
	 * `subtask` says what happens to its stack (see SubtaskEnding): by default it stops whole.
	 */
	clearTask(subtask: SubtaskEnding = stopStack): Promise<void> {
		const current = this.current
		if (current === undefined) return Promise.resolve()
		this.subtasks.ending(current.task.taskId, subtask)
		current.deltas.flush()
		current.task.abandon()
		this.live.delete(current.task.taskId)
		this.current = undefined
		return this.writers.ended(current.task.taskId)
	}

	/**
	 * Makes a task of the history current: a running one as it is, a stored one read back from
	 * disk and offered for resumption. False when there is no such task.
	 */
	async showTask(taskId: string): Promise<boolean> {
		if (this.current?.task.taskId === taskId) return true
		const live = this.live.get(taskId)
		if (live !== undefined) {
			this.current?.deltas.flush()
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

	/** The workspace's checkpoints, or why they cannot be used now. */
	checkpointStore(): Promise<CheckpointStore | CheckpointsUnavailable> {
		return this.checkpoints.open()
	}

	/** Reads a task this process holds the lock of and makes it current, going on as `resume` says. */
	private async openLocked(taskId: string, resume: ResumeOptions): Promise<Task> {
		let task: Task
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
			task = await this.createTask({
				mode: loaded.metadata.mode ?? this.settingsStore.settings.mode,
				taskId,
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
		await this.makeCurrent(task)
		this.run(task, task.resumeFromHistory(resume))
		return task
	}

	async deleteTask(taskId: string): Promise<boolean> {
		// A deleted subtask's parent goes on without its result; a deleted parent stops its stack.
		this.subtasks.ending(taskId, deletedSubtask)
		if (this.current?.task.taskId === taskId) void this.clearTask(deletedSubtask)
		this.live.get(taskId)?.abandon()
		this.live.delete(taskId)
		// The store deletes only under the task's lock, which its loop releases as it ends.
		await this.writers.ended(taskId)
		const deleted = await this.store.deleteTask(taskId)
		if (this.settingsStore.settings.enableCheckpoints) await this.checkpoints.forgetTask(taskId)
		if (deleted) this.broadcast({ type: "taskHistoryUpdated", upserted: [], removedIds: [taskId] })
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
		const live = this.live.get(taskId)
		return { item, messages: live ? live.messages : (await this.store.loadTask(taskId)).messages }
	}

	/** Stops every task, writes what is pending and closes the store (the host is shutting down). */
	async dispose(): Promise<void> {
		this.editorSettingsWatch?.dispose()
		this.modeCatalog?.dispose()
		const indexStopped = this.codebaseIndex.dispose()
		const tasks = [...this.live.values()]
		void this.clearTask()
		for (const task of this.live.values()) task.abandon()
		this.live.clear()
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
		await Promise.all([...this.live.values()].map((task) => task.checkpointsSettled()))
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

	/** Shows a task of this process (a subtask, or its parent again) without ending the one on screen. */
	private async showLive(task: Task): Promise<void> {
		this.current?.deltas.flush()
		this.live.set(task.taskId, task)
		this.current = { task, deltas: DeltaStream.ofTask(task, (m) => this.broadcast(m)) }
		await this.showMode(task.currentMode)
		await this.postState()
	}

	private async makeCurrent(task: Task): Promise<void> {
		void this.clearTask()
		this.live.set(task.taskId, task)
		this.current = { task, deltas: DeltaStream.ofTask(task, (m) => this.broadcast(m)) }
		await this.showMode(task.currentMode)
		await this.postState()
	}

	private run(task: Task, loop: Promise<void>): void {
		this.writers.running(task.taskId, loop)
		this.subtasks.watch(task, loop)
		void loop.catch((error: unknown) => {
			this.host.logger.error("The task loop failed", { taskId: task.taskId, error: String(error) })
			this.broadcast(failedNotice(this, "task.stoppedUnexpectedly", { error: String(error) }))
		})
	}

	/**
	 * A running task that can no longer be saved (or that another process took over) stops here:
	 * it is abandoned and closed, so the person reopens it from the history to resume it from
	 * what is on disk, and every client is told why.
	 */
	private stopUnsaved(taskId: string, stop: WriterStop): void {
		const task = this.live.get(taskId)
		// A subtask's parent goes on (told why); a parent's stack stops.
		const ending: SubtaskEnding = {
			kind: "return",
			text: `The subtask was stopped before it finished: ${stop.error.message}`,
		}
		this.subtasks.ending(taskId, ending)
		if (this.current?.task.taskId === taskId) void this.clearTask(ending)
		task?.abandon()
		this.live.delete(taskId)
		this.host.logger.error("A task was stopped", { taskId, error: stop.error.message })
		this.broadcast({ type: "error", code: stop.code, error: stop.error.message })
		void this.postState()
	}

	private saveItem(taskId: string, changes: Partial<HistoryItem>): void {
		this.writers.find(taskId)?.saveMetadata(changes, (metadata) => {
			this.broadcast({
				type: "taskHistoryUpdated",
				upserted: [toHistoryItem(metadata)],
				removedIds: [],
			})
		})
	}
}
