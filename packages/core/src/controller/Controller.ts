import {
	CairnEventName,
	emptyExtensionState,
	parseWebviewMessage,
	type CairnAPIEvents,
	type ExtensionMessage,
	type ExtensionState,
	type HistoryItem,
	type ProviderSettings,
	type WebviewMessage,
} from "@cairn/types"
import type { Host } from "../host/Host.js"
import type { ModelProvider, ToolSpec } from "../providers/modelProvider.js"
import { Task } from "../task/Task.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import { DeltaStream } from "./deltaStream.js"
import { IsolatedEmitter } from "./isolatedEmitter.js"
import { messageHandlers } from "./messageHandlers.js"
import { SettingsStore } from "./settingsStore.js"

export type Client = (message: ExtensionMessage) => void

export interface ControllerOptions {
	host: Host
	version: string
	tools: readonly ToolDefinition[]
	toolSpecs: readonly ToolSpec[]
	buildProvider: (settings: ProviderSettings, apiKey: string | undefined) => ModelProvider
	/** First retry delay when the provider gives no retry-after; tests shorten it. */
	retryBaseDelayMs?: number
}

/**
 * Owns the current task, settings and this session's history, and speaks the protocol: every
 * client (webview, CLI, API) sends WebviewMessages in and receives the same ExtensionMessages.
 */
export class Controller {
	readonly events: IsolatedEmitter<CairnAPIEvents>
	readonly settingsStore: SettingsStore
	private readonly clients = new Set<Client>()
	private readonly history = new Map<string, { item: HistoryItem; task: Task }>()
	private current: { task: Task; deltas: DeltaStream } | undefined

	constructor(readonly options: ControllerOptions) {
		this.settingsStore = new SettingsStore(options.host)
		this.events = new IsolatedEmitter((event, error) =>
			options.host.logger.error(`A listener of "${event}" threw`, { error: String(error) }),
		)
	}

	get host(): Host {
		return this.options.host
	}

	get currentTask(): Task | undefined {
		return this.current?.task
	}

	async initialize(): Promise<void> {
		await this.settingsStore.load()
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
			reply({ type: "error", code: "failed", error: text, inReplyTo: message.type })
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
		const task = this.current?.task
		this.current?.deltas.discardPending()
		return emptyExtensionState(this.options.version, {
			settings,
			mode: settings.mode,
			hasApiKey: await this.settingsStore.hasApiKey(),
			cwd: this.host.workspaceRoot,
			taskHistory: this.listHistory(),
			...(task && {
				clineMessages: [...task.messages],
				currentTaskId: task.taskId,
				currentTaskItem: this.history.get(task.taskId)?.item,
				taskStack: [task.taskId],
				seq: this.current?.deltas.lastSeq ?? 0,
			}),
		})
	}

	async postState(to: Client = (m) => this.broadcast(m)): Promise<void> {
		to({ type: "state", state: await this.snapshot() })
	}

	/** Starts a task with the configured provider, replacing the current one. Returns its id. */
	async startTask(text: string, images: string[] = []): Promise<string> {
		const settings = this.settingsStore.settings
		if (settings.provider === undefined)
			throw new Error("No model provider is configured. Choose one in Settings first.")
		const provider = this.options.buildProvider(
			settings.provider,
			await this.settingsStore.apiKey(settings.provider.provider),
		)
		this.clearTask()
		const task = new Task({
			host: this.host,
			provider,
			tools: this.options.tools,
			toolSpecs: this.options.toolSpecs,
			settings: () => this.settingsStore.settings,
			mode: settings.mode,
			...(this.options.retryBaseDelayMs !== undefined && {
				retryBaseDelayMs: this.options.retryBaseDelayMs,
			}),
		})
		const item: HistoryItem = {
			id: task.taskId,
			ts: Date.now(),
			task: text,
			tokensIn: 0,
			tokensOut: 0,
			totalCost: 0,
			workspace: this.host.workspaceRoot,
			mode: settings.mode,
			status: "active",
		}
		this.history.set(task.taskId, { item, task })
		this.current = { task, deltas: new DeltaStream(task.taskId, (m) => this.broadcast(m)) }
		this.wireTask(task)
		this.events.emit(CairnEventName.TaskCreated, task.taskId)
		await this.postState()
		this.broadcast({ type: "taskHistoryUpdated", upserted: [item], removedIds: [] })
		void task.startTask(text, images).catch((error: unknown) => {
			this.host.logger.error("The task loop failed", { taskId: task.taskId, error: String(error) })
			this.broadcast({
				type: "error",
				code: "failed",
				error: `The task stopped unexpectedly: ${String(error)}`,
			})
		})
		return task.taskId
	}

	/** Ends the current task (it stays in history) and shows the empty chat. */
	clearTask(): void {
		const current = this.current
		if (current === undefined) return
		current.deltas.flush()
		current.task.abandon()
		this.current = undefined
	}

	/** Makes a task of this session's history the current one. */
	showTask(taskId: string): boolean {
		const entry = this.history.get(taskId)
		if (entry === undefined) return false
		if (this.current?.task.taskId !== taskId) {
			this.current?.deltas.flush()
			this.current = { task: entry.task, deltas: new DeltaStream(taskId, (m) => this.broadcast(m)) }
		}
		return true
	}

	deleteTask(taskId: string): boolean {
		const entry = this.history.get(taskId)
		if (entry === undefined) return false
		if (this.current?.task.taskId === taskId) this.clearTask()
		entry.task.abandon()
		this.history.delete(taskId)
		this.broadcast({ type: "taskHistoryUpdated", upserted: [], removedIds: [taskId] })
		return true
	}

	/** This workspace's tasks, newest first. */
	listHistory(): HistoryItem[] {
		return [...this.history.values()].map((entry) => entry.item).sort((a, b) => b.ts - a.ts)
	}

	historyEntry(taskId: string): { item: HistoryItem; task: Task } | undefined {
		return this.history.get(taskId)
	}

	private wireTask(task: Task): void {
		const id = task.taskId
		const isCurrent = () => this.current?.task === task
		const updateItem = (changes: Partial<HistoryItem>) => {
			const entry = this.history.get(id)
			if (!entry) return
			entry.item = { ...entry.item, ...changes }
			this.broadcast({ type: "taskHistoryUpdated", upserted: [entry.item], removedIds: [] })
		}
		task.on("message", ({ action, message }) => {
			if (isCurrent()) this.current?.deltas.push(message)
			this.events.emit(CairnEventName.Message, { taskId: id, action, message })
		})
		task.on("taskStarted", () => this.events.emit(CairnEventName.TaskStarted, id))
		task.on("taskPaused", () => this.events.emit(CairnEventName.TaskPaused, id))
		task.on("taskUnpaused", () => this.events.emit(CairnEventName.TaskUnpaused, id))
		task.on("taskAskResponded", () => this.events.emit(CairnEventName.TaskAskResponded, id))
		task.on("taskActive", () => this.events.emit(CairnEventName.TaskActive, id))
		task.on("taskInteractive", () => this.events.emit(CairnEventName.TaskInteractive, id))
		task.on("taskIdle", () => this.events.emit(CairnEventName.TaskIdle, id))
		task.on("taskResumable", () => this.events.emit(CairnEventName.TaskResumable, id))
		task.on("taskToolFailed", (tool, error) =>
			this.events.emit(CairnEventName.TaskToolFailed, id, tool, error),
		)
		task.on("taskAborted", () => {
			updateItem({ status: "aborted" })
			this.events.emit(CairnEventName.TaskAborted, id)
		})
		task.on("taskTokenUsageUpdated", (usage) => {
			updateItem({
				tokensIn: usage.totalTokensIn,
				tokensOut: usage.totalTokensOut,
				cacheWrites: usage.totalCacheWrites ?? 0,
				cacheReads: usage.totalCacheReads ?? 0,
				totalCost: usage.totalCost,
			})
			this.events.emit(CairnEventName.TaskTokenUsageUpdated, id, usage)
		})
		task.on("taskCompleted", (tokenUsage, toolUsage) => {
			updateItem({ status: "completed" })
			this.events.emit(CairnEventName.TaskCompleted, id, tokenUsage, toolUsage)
		})
	}
}
