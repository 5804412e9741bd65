import { randomUUID } from "node:crypto"
import { CairnEventName, type CairnAPIEvents, type ExtensionMessage, type HistoryItem } from "@cairn/types"
import type { IsolatedEmitter } from "../controller/isolatedEmitter.js"
import type { OnScreenTask } from "../controller/onScreenTask.js"
import { failedNotice } from "../controller/personText.js"
import type { SettingsStore } from "../controller/settingsStore.js"
import { makeTask, type NewTaskOptions, type TaskFactoryParts } from "../controller/taskFactory.js"
import { TaskWriters, type WriterStop } from "../controller/taskWriters.js"
import { forwardTaskEvents } from "../controller/forwardTaskEvents.js"
import type { Host } from "../host/Host.js"
import { learnSubtasksOnRecord, reportToParent } from "../ledger/subtaskLedgers.js"
import { toHistoryItem } from "../persistence/taskMetadata.js"
import type { TaskStore } from "../persistence/taskStore.js"
import { stopStack, SubtaskStack, type SubtaskEnding } from "../subtasks/subtaskStack.js"
import type { Task } from "../task/Task.js"
import type { ResumeOptions } from "../task/taskOptions.js"
import type { StartOptions } from "./startOptions.js"
import type { TaskBoard } from "./taskBoard.js"
import { placeFields, storedPlace } from "./taskPlace.js"
import type { TaskRoom } from "./TaskRoom.js"

export interface RoomTaskParts {
	host: Host
	events: IsolatedEmitter<CairnAPIEvents>
	settingsStore: SettingsStore
	store(): TaskStore
	room: TaskRoom
	board: TaskBoard
	chat: OnScreenTask
	/** What every task is made with, besides its writer and the subtask stack (kept here). */
	factory: Omit<TaskFactoryParts, "writers" | "subtasks">
	broadcast(message: ExtensionMessage): void
	postState(): Promise<void>
	/** Ends the chat's task (its stack as `subtask` says) and shows the empty chat. */
	clearChat(subtask?: SubtaskEnding): Promise<void>
	/** Takes the chat's task off screen; one still at work goes on in the room. */
	leaveChat(): void
}

/**
 * The life of the room's tasks: made, started (at once or in line), opened from disk, resumed,
 * cancelled and ended, each with its writer and lock and its place in the subtask stack. The chat
 * shows one of them; the rest run on unseen.
 */
export class RoomTasks {
	readonly writers: TaskWriters
	readonly subtasks: SubtaskStack
	private readonly factory: TaskFactoryParts
	/** Stacks started beside the chat (from the board) that the chat has not shown: their subtasks run unseen too. */
	private readonly unseen = new Set<string>()

	constructor(private readonly parts: RoomTaskParts) {
		this.writers = new TaskWriters(parts.store, parts.host.logger, (taskId, stop) =>
			this.stopUnsaved(taskId, stop),
		)
		this.subtasks = this.subtaskStack()
		this.factory = { ...parts.factory, writers: this.writers, subtasks: this.subtasks }
	}

	private get store(): TaskStore {
		return this.parts.store()
	}

	/** The task stack, with the room's tasks, the store and the chat. */
	private subtaskStack(): SubtaskStack {
		const { parts } = this
		return new SubtaskStack({
			get store() {
				return parts.store()
			},
			events: parts.events,
			logger: parts.host.logger,
			workspace: parts.host.workspaceRoot,
			// A subtask works where its parent works.
			newTask: (options) => {
				const parentId = this.store.get(options.taskId)?.parentTaskId
				const place = parentId === undefined ? undefined : parts.room.placeOf(parentId)
				return this.create({
					...options,
					...(place && { place }),
					...(parentId !== undefined && { parentTaskId: parentId }),
				})
			},
			lock: (taskId) => this.writers.lock(taskId),
			show: (task) => this.showIfFollowing(task),
			run: (task, loop) => this.run(task, loop),
			open: async (taskId, resume) => {
				await this.writers.lock(taskId)
				return this.openLocked(taskId, resume)
			},
			current: () => parts.chat.task,
			forget: (taskId) => {
				parts.room.remove(taskId)
				if (parts.chat.task?.taskId === taskId) parts.chat.take()
			},
			announce: (taskId) => this.announce(taskId),
			reportParentStuck: (error) =>
				parts.broadcast(failedNotice(parts, "subtasks.parentStuck", { error })),
		})
	}

	/** A task of this process joins the room, wired to the API events, its history item and the chat. */
	async create(options: NewTaskOptions): Promise<Task> {
		const { parts } = this
		const task = await makeTask(this.factory, options)
		const taskId = task.taskId
		forwardTaskEvents(task, parts.events, (changes) => this.saveItem(taskId, changes))
		reportToParent(task, this.store.get(taskId)?.parentTaskId, (id) => parts.room.get(id))
		parts.chat.follow(task, (error) =>
			parts.host.logger.error("Saving the switched mode failed", { error: String(error) }),
		)
		parts.room.add(task, options.place ?? { root: parts.host.workspaceRoot })
		return task
	}

	/**
	 * Starts a task (see StartOptions) and returns its id. It starts at once when the room has a
	 * place, else it waits in line (`queued`); with `after`, it waits for that first.
	 */
	async start(text: string, images: string[], options: StartOptions): Promise<string> {
		const { parts } = this
		const settings = await parts.settingsStore.settled()
		const mode = options.mode ?? settings.mode
		const place = options.place ?? { root: parts.host.workspaceRoot }
		const task = await this.create({
			mode,
			taskId: options.taskId ?? randomUUID(),
			place,
			...(options.profile && { profile: options.profile }),
			...(options.group !== undefined && { run: options.group }),
		})
		await this.store.createTask({
			id: task.taskId,
			task: options.title ?? text,
			workspace: parts.host.workspaceRoot,
			mode,
			...placeFields(place, parts.host.workspaceRoot),
			...(options.group !== undefined && { group: options.group }),
		})
		await this.writers.lock(task.taskId)
		parts.events.emit(CairnEventName.TaskCreated, task.taskId)
		if (options.show !== false) await this.makeCurrent(task)
		else this.unseen.add(task.taskId)
		this.announce(task.taskId)
		const begin = (prefix: string) =>
			parts.room.admit({
				taskId: task.taskId,
				start: async () => this.run(task, task.startTask(prefix + text, images)),
			})
		if (options.after === undefined) begin("")
		else {
			parts.board.block(task.taskId)
			void options.after.then(
				(gate) => {
					// Cancelled while it waited: it has been closed.
					if (!parts.board.unblock(task.taskId) || gate === undefined) return
					begin(gate.prefix)
				},
				(error: unknown) => {
					if (parts.board.unblock(task.taskId)) this.startFailed(task.taskId, error)
				},
			)
		}
		return task.taskId
	}

	/**
	 * Goes on with a task the board shows as interrupted: one of the room that offers to resume,
	 * or a stored one (a crash, a cancel), which joins the room when it has a place.
	 */
	async resume(taskId: string): Promise<void> {
		const { room, board, settingsStore } = this.parts
		const live = room.get(taskId)
		if (live !== undefined) {
			if (room.stateOf(taskId)?.state !== "interrupted" || board.isWaiting(taskId))
				throw new Error(settingsStore.personText()("board.notInterrupted"))
			live.handleWebviewAskResponse("yesButtonClicked")
			return
		}
		if (this.store.get(taskId) === undefined)
			throw new Error(settingsStore.personText()("history.noSuchTask", { taskId }))
		await this.writers.lock(taskId)
		room.admit({
			taskId,
			start: () => this.openLocked(taskId, { atOnce: true }, false).then(() => undefined),
		})
	}

	/** Stops a task of the room where it is (it can be resumed); one not started yet is closed. False when it is not in the room. */
	async cancel(taskId: string): Promise<boolean> {
		const { room, board, chat } = this.parts
		const task = room.get(taskId)
		if (task === undefined) {
			// Resumed from the board and still waiting for a place: it gives the place and its lock back.
			if (!room.cancelQueued(taskId)) return false
			await this.writers.abandon(taskId)
			return true
		}
		if (room.queued().includes(taskId) || board.isWaiting(taskId)) {
			if (chat.task === task) chat.take()
			await this.end(task, stopStack)
			await this.store.saveMetadata(taskId, { status: "aborted" })
			board.refresh(taskId)
			return true
		}
		task.cancel()
		return true
	}

	/** Ends a task of the room for good (its stack as `subtask` says); resolves once its lock is released. */
	end(task: Task, subtask: SubtaskEnding): Promise<void> {
		const { room, board } = this.parts
		this.subtasks.ending(task.taskId, subtask)
		this.unseen.delete(task.taskId)
		const unstarted = room.cancelQueued(task.taskId) || board.unblock(task.taskId)
		task.abandon()
		room.remove(task.taskId)
		// A task that never started has no loop to release its lock.
		return unstarted ? this.writers.abandon(task.taskId) : this.writers.ended(task.taskId)
	}

	/**
	 * Reads a task this process holds the lock of and runs it in the room, going on as `resume`
	 * says; `show`: the chat shows it. A task that never started (it waited in line when its
	 * process ended) starts from its text.
	 */
	async openLocked(taskId: string, resume: ResumeOptions, show = true): Promise<Task> {
		let task: Task
		let unstarted: boolean
		try {
			const loaded = await this.store.loadTask(taskId)
			for (const problem of loaded.problems)
				this.parts.host.logger.warn(`Task ${taskId} opened with damage repaired`, {
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
			task = await this.create({
				mode: loaded.metadata.mode ?? this.parts.settingsStore.settings.mode,
				taskId,
				place: storedPlace(loaded.metadata, this.parts.host.workspaceRoot),
				saved: {
					messages: loaded.messages,
					apiHistory: loaded.apiHistory,
					contextView: loaded.contextView,
					fileContext: loaded.fileContext,
					...(loaded.ledger && { ledger: loaded.ledger }),
				},
				history: this.store.list(),
			})
			learnSubtasksOnRecord(task, this.store.list())
		} catch (error) {
			await this.writers.abandon(taskId)
			throw error
		}
		if (show) {
			this.seen(taskId)
			this.parts.leaveChat()
			await this.parts.chat.show(task)
			await this.parts.postState()
		}
		const text = this.store.get(taskId)?.task ?? ""
		this.run(task, unstarted ? task.startTask(text) : task.resumeFromHistory(resume))
		return task
	}

	/** Changes a task's history item, through its writer while it has one here. */
	async updateItem(taskId: string, changes: Partial<HistoryItem>): Promise<void> {
		const writer = this.writers.find(taskId)
		if (writer !== undefined) {
			// Saved in turn with the task's own writes; a caller reading the item next sees the change.
			this.saveItem(taskId, changes)
			return writer.flushed()
		}
		await this.store.saveMetadata(taskId, changes)
		this.announce(taskId)
		this.parts.board.refresh(taskId)
	}

	/** Shows `task` in the chat, ending the chat's task before (as a new chat always has). */
	private async makeCurrent(task: Task): Promise<void> {
		void this.parts.clearChat()
		await this.parts.chat.show(task)
		await this.parts.postState()
	}

	/** The chat shows (or showed) the stack of `taskId`: its subtasks are shown as they come. */
	seen(taskId: string): void {
		this.unseen.delete(this.subtasks.stackOf(taskId)[0] ?? taskId)
	}

	/**
	 * A subtask (or a parent it returns to) is shown when the chat shows its stack, or shows
	 * nothing and the stack was the chat's; else it runs on in the room unseen.
	 */
	private async showIfFollowing(task: Task): Promise<void> {
		const shown = this.parts.chat.task?.taskId
		const stack = this.subtasks.stackOf(task.taskId)
		if (shown !== undefined ? !stack.includes(shown) : this.unseen.has(stack[0] ?? task.taskId)) return
		await this.parts.chat.show(task)
		await this.parts.postState()
	}

	private run(task: Task, loop: Promise<void>): void {
		const { parts } = this
		this.writers.running(task.taskId, loop)
		this.subtasks.watch(task, loop)
		parts.room.running(task.taskId, loop)
		void loop.catch((error: unknown) => {
			parts.host.logger.error("The task loop failed", { taskId: task.taskId, error: String(error) })
			parts.broadcast(failedNotice(parts, "task.stoppedUnexpectedly", { error: String(error) }))
		})
	}

	/** A task that waited (in line, or for its linked task) could not start: its card says why. */
	startFailed(taskId: string, error: unknown): void {
		const message = error instanceof Error ? error.message : String(error)
		this.parts.host.logger.error("A task could not start", { taskId, error: message })
		const task = this.parts.room.get(taskId)
		void (task ? this.end(task, stopStack) : this.writers.abandon(taskId))
		this.parts.board.failed(taskId, message)
	}

	/**
	 * A running task that can no longer be saved (or that another process took over) stops here:
	 * it is abandoned and closed, so the person reopens it from the history to resume it from
	 * what is on disk, and every client is told why.
	 */
	private stopUnsaved(taskId: string, stop: WriterStop): void {
		const { parts } = this
		const task = parts.room.get(taskId)
		// A subtask's parent goes on (told why); a parent's stack stops.
		const ending: SubtaskEnding = {
			kind: "return",
			text: `The subtask was stopped before it finished: ${stop.error.message}`,
		}
		this.subtasks.ending(taskId, ending)
		if (parts.chat.task?.taskId === taskId) void parts.clearChat(ending)
		task?.abandon()
		parts.room.remove(taskId)
		parts.host.logger.error("A task was stopped", { taskId, error: stop.error.message })
		parts.broadcast({ type: "error", code: stop.code, error: stop.error.message })
		void parts.postState()
	}

	private saveItem(taskId: string, changes: Partial<HistoryItem>): void {
		this.writers.find(taskId)?.saveMetadata(changes, (metadata) => {
			this.parts.broadcast({
				type: "taskHistoryUpdated",
				upserted: [toHistoryItem(metadata)],
				removedIds: [],
			})
			this.parts.board.refresh(taskId)
		})
	}

	/** Every client's history list learns of the task's (new) item. */
	private announce(taskId: string): void {
		const item = this.store.get(taskId)
		if (item) this.parts.broadcast({ type: "taskHistoryUpdated", upserted: [item], removedIds: [] })
	}
}
