import type {
	ClineMessage,
	ExtensionMessage,
	HistoryItem,
	ImportReport,
	McpSnapshot,
	ProviderProfile,
	WebviewMessageOf,
	WebviewMessageType,
} from "@cairn/types"
import type { CheckpointStore } from "../checkpoints/checkpointStore.js"
import type { CheckpointsUnavailable } from "../checkpoints/taskCheckpoints.js"
import type { CodebaseIndexing } from "../codebase-index/codebaseIndexing.js"
import type { Host } from "../host/Host.js"
import type { McpHub } from "../mcp/McpHub.js"
import type { ModeCatalog } from "../modes/modeCatalog.js"
import type { TaskStore } from "../persistence/taskStore.js"
import type { SubtaskEnding } from "../subtasks/subtaskStack.js"
import type { Task } from "../task/Task.js"
import type { ResumeOptions } from "../task/taskOptions.js"
import type { TaskBoard } from "../tasks/taskBoard.js"
import type { StartOptions } from "../tasks/startOptions.js"
import type { TaskRoom } from "../tasks/TaskRoom.js"
import type { TaskWorktreesPort } from "./controllerOptions.js"
import type { SettingsStore } from "./settingsStore.js"

/** Where a handler's replies go: the client that sent the message. */
export type Client = (message: ExtensionMessage) => void

/** Handles one client message type. */
export type Handler<T extends WebviewMessageType> = (
	context: HandlerContext,
	message: WebviewMessageOf<T>,
	reply: Client,
) => Promise<void>

/** The chat: the one task on screen, a view of one task of the room. */
export interface ChatView {
	readonly currentTask: Task | undefined
	/** The task on screen and the parents waiting for it, root first. */
	currentTaskStack(): string[]
	startTask(text: string, images?: string[], options?: StartOptions): Promise<string>
	clearTask(subtask?: SubtaskEnding): Promise<void>
	showTask(taskId: string): Promise<boolean>
	reopenTask(
		taskId: string,
		change: (store: TaskStore, stopped: Task) => Promise<ResumeOptions>,
	): Promise<void>
	switchCurrentTaskModel(profile?: ProviderProfile): Promise<void>
	postState(to?: Client): Promise<void>
}

/** The board: the room's tasks and the history's recent ones as cards, and what acts on them. */
export interface BoardView {
	readonly board: TaskBoard
	readonly room: TaskRoom
	readonly worktrees: TaskWorktreesPort
	/** Opens the edit a task waits on in the editor, when it has not been shown there yet. */
	showProposedEdit(taskId: string): Promise<void>
	/** Goes on with an interrupted task of the room or the history (it waits for a place). */
	resumeTask(taskId: string): Promise<void>
	/** Stops a task of the room where it is; false when it is not in the room. */
	cancelTask(taskId: string): Promise<boolean>
	/** Ends a task of the room for good; it stays in the history. */
	closeTask(taskId: string): Promise<void>
	updateItem(taskId: string, changes: Partial<HistoryItem>): Promise<void>
}

/**
 * What a message handler may use: the host, the settings, the workspace's catalogs, the chat,
 * the board and the history. Handlers never see the Controller that composes these.
 */
export interface HandlerContext extends ChatView, BoardView {
	readonly host: Host
	readonly settingsStore: SettingsStore
	readonly codebaseIndex: CodebaseIndexing
	readonly modes: ModeCatalog
	readonly mcpHub: McpHub | undefined
	mcpSnapshot(): McpSnapshot
	broadcast(message: ExtensionMessage): void
	/** The checkpoints of the folder the task on screen works in. */
	checkpointStore(root?: string): Promise<CheckpointStore | CheckpointsUnavailable>
	deleteTask(taskId: string): Promise<boolean>
	historyItem(taskId: string): HistoryItem | undefined
	/** Imports Roo Code's tasks from `folder` into the history (see importRooTasks); every client hears of the new ones. */
	importRooTasks(folder: string): Promise<ImportReport>
	taskRecord(taskId: string): Promise<{ item: HistoryItem; messages: readonly ClineMessage[] } | undefined>
}
