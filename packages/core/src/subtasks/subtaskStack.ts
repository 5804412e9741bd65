import { randomUUID } from "node:crypto"
import { CairnEventName, type CairnAPIEvents } from "@cairn/types"
import type { IsolatedEmitter } from "../controller/isolatedEmitter.js"
import type { Logger } from "../host/Host.js"
import type { TaskStore } from "../persistence/taskStore.js"
import type { Task } from "../task/Task.js"
import type { ResumeOptions } from "../task/taskOptions.js"
import { endedWithCompletion } from "../task/reloadTranscript.js"
import { TaskCancelled } from "../task/taskCancelled.js"
import type { SubtaskOutcome, SubtaskRequest, SubtaskSpawner } from "../tools/toolDefinition.js"
import { showSubtaskResult, showSubtaskStarted, type TaskSubtasks } from "./taskSubtasks.js"

/** What the stack needs of the Controller: its store, its tasks and the chat on screen. */
export interface StackHost {
	readonly store: TaskStore
	readonly events: IsolatedEmitter<CairnAPIEvents>
	readonly logger: Logger
	readonly workspace: string
	/** A Task for a task whose folder exists and whose lock this process holds (not yet run). */
	newTask(options: { mode: string; taskId: string }): Promise<Task>
	lock(taskId: string): Promise<void>
	/** Shows a task of this process as the current one, ending none (a stack keeps its tasks). */
	show(task: Task): Promise<void>
	run(task: Task, loop: Promise<void>): void
	/** Opens a stored task and makes it current, going on as `resume` says; returns it. */
	open(taskId: string, resume: ResumeOptions): Promise<Task>
	/** The task on screen. */
	current(): Task | undefined
	/** The task's loop has ended here (or will: it was abandoned); it is no longer live. */
	forget(taskId: string): void
	/** Every client's history list learns of the task's (new) item. */
	announce(taskId: string): void
	/** Tells the person that a parent could not take its subtask's result (`failure`: why), so it waits in the history. */
	reportParentStuck(failure: string): void
}

/**
 * How the Controller ends a subtask on screen: `return` hands its parent `text` as the
 * subtask's (failed) result and the parent goes on; `reopen` opens the same subtask again (a
 * rewind), the parent waits on; `stop` stops the whole stack, which stays on disk to be resumed.
 */
export type SubtaskEnding = { kind: "return"; text: string } | { kind: "reopen" } | { kind: "stop" }

export const stopStack: SubtaskEnding = { kind: "stop" }

const cancelledNote = "The subtask was cancelled by the user before it finished; it has no result."

/** The person ended the subtask on screen (clearTask: the resume ask's Terminate, New Task). */
export const endedByPerson: SubtaskEnding = { kind: "return", text: cancelledNote }

export const deletedSubtask: SubtaskEnding = {
	kind: "return",
	text: "The subtask was deleted before it finished; it has no result.",
}

/** A subtask its parent waits for. */
interface Pending {
	childId: string
	parentId: string
	toolUseId: string
	/** The parent, waiting in its new_task call in this process; absent: it is on disk (a restart). */
	waiting?: { parent: Task; resolve: (outcome: SubtaskOutcome | undefined) => void }
	/** The child's Task running now (a reopened child gets a new one). */
	child?: Task
	ending?: SubtaskEnding
}

const notes = {
	cancelled: cancelledNote,
	failed: (error: unknown) => `The subtask failed before it finished: ${String(error)}`,
	noResult: "The subtask ended without a result.",
	gone: (childId: string) => `The subtask ${childId} no longer exists; it has no result.`,
	notStarted: (error: unknown) => `The subtask could not be started: ${String(error)}`,
}

/**
 * The task stack of seeds 002/003: a parent's new_task call starts a child in the given mode
 * and waits; whichever way the child ends (completed, cancelled and returned, ended, deleted,
 * failed, stopped unsaved) its parent gets a result and goes on. The links are on disk before
 * the child runs (the parent's `awaitingChild`, the child's `parentTaskId`), so a stack cut
 * short by a restart resumes: the deepest unfinished child first, then its parent.
 */
export class SubtaskStack implements TaskSubtasks {
	private readonly pending = new Map<string, Pending>()

	constructor(private readonly host: StackHost) {}

	forCall(parent: Task, toolUseId: string, signal: AbortSignal): SubtaskSpawner {
		return { spawn: (request) => this.spawn(parent, toolUseId, signal, request) }
	}

	/** The subtask's parent is waiting for it: its completion goes back there without asking for feedback. */
	isAwaited(taskId: string): boolean {
		return this.pending.has(taskId)
	}

	/** The chain from the root to `taskId`, as far as parents still wait for their children. */
	stackOf(taskId: string): string[] {
		const chain = [taskId]
		for (;;) {
			const parentId = this.parentWaitingFor(chain[0] as string)
			if (parentId === undefined || chain.includes(parentId)) return chain
			chain.unshift(parentId)
		}
	}

	/**
	 * Which task to open for `taskId`: the deepest unfinished subtask of its stack (a parent
	 * waits for it), with what its parent needs when that subtask is gone.
	 */
	deepestOf(
		taskId: string,
	): { open: string } | { returnTo: string; returned: SubtaskOutcome; toolUseId: string } {
		let id = taskId
		const seen = new Set<string>()
		for (;;) {
			seen.add(id)
			const waiting = this.host.store.get(id)?.awaitingChild
			if (waiting == null || seen.has(waiting.taskId)) return { open: id }
			if (this.host.store.get(waiting.taskId) === undefined)
				return {
					returnTo: id,
					toolUseId: waiting.toolUseId,
					returned: {
						childTaskId: waiting.taskId,
						text: notes.gone(waiting.taskId),
						isError: true,
					},
				}
			id = waiting.taskId
		}
	}

	/** A stored task is being opened: when its parent (on disk) waits for it, the parent gets its result once it ends. */
	adoptStored(taskId: string): void {
		if (this.pending.has(taskId)) return
		const parentId = this.parentWaitingFor(taskId)
		const toolUseId = parentId && this.host.store.get(parentId)?.awaitingChild?.toolUseId
		if (parentId === undefined || !toolUseId) return
		this.pending.set(taskId, { childId: taskId, parentId, toolUseId })
	}

	/**
	 * A stored subtask read back complete (it finished just before a restart): it is not resumed,
	 * its parent is, with its result; returns the parent. Undefined when `task` is no such subtask.
	 */
	async returnIfCompleted(task: Pick<Task, "taskId" | "messages">): Promise<Task | undefined> {
		const entry = this.pending.get(task.taskId)
		if (entry === undefined || entry.waiting !== undefined || !endedWithCompletion(task.messages))
			return undefined
		this.pending.delete(task.taskId)
		return this.returnToStored(entry.parentId, entry.toolUseId, completionOf(task))
	}

	/** The Controller runs `task`'s loop; a subtask's end goes back to its parent. */
	watch(task: Task, loop: Promise<void>): void {
		const entry = this.pending.get(task.taskId)
		if (entry === undefined) return
		entry.child = task
		entry.ending = undefined
		loop.then(
			() => this.childEnded(entry, task, undefined),
			(error: unknown) => this.childEnded(entry, task, error ?? "unknown error"),
		)
	}

	/** The Controller ends `taskId` (on screen or not): see SubtaskEnding. */
	ending(taskId: string, ending: SubtaskEnding): void {
		const entry = this.pending.get(taskId)
		if (ending.kind === "stop" || entry === undefined) {
			if (entry !== undefined || this.waitingParent(taskId) !== undefined) this.stop(taskId, "whole")
			return
		}
		entry.ending = ending
	}

	/**
	 * Stops the tasks of `taskId`'s stack in this process (the whole stack, or only the subtasks
	 * below it); their links stay on disk for a resume. `taskId` itself is the caller's to end.
	 */
	private stop(taskId: string, extent: "whole" | "below"): void {
		const stack = new Set<Pending>()
		const visit = (id: string) => {
			for (const entry of this.pending.values()) {
				const below = entry.parentId === id
				const above = extent === "whole" && entry.childId === id
				if (stack.has(entry) || (!below && !above)) continue
				stack.add(entry)
				visit(entry.childId)
				if (extent === "whole") visit(entry.parentId)
			}
		}
		visit(taskId)
		for (const entry of stack) entry.ending = stopStack
		for (const entry of stack) {
			const parent = entry.waiting?.parent
			for (const task of [entry.child, parent]) {
				if (task === undefined || task.taskId === taskId) continue
				task.abandon()
				this.host.forget(task.taskId)
			}
		}
	}

	private async spawn(
		parent: Task,
		toolUseId: string,
		signal: AbortSignal,
		request: SubtaskRequest,
	): Promise<SubtaskOutcome> {
		const { store, events } = this.host
		const childId = randomUUID()
		parent.emit("taskPaused")
		let outcome: Promise<SubtaskOutcome | undefined>
		let child: Task
		try {
			// The links are on disk before the child runs: a restart from here on resumes the stack.
			await store.saveMetadata(parent.taskId, { awaitingChild: { taskId: childId, toolUseId } })
			await store.createTask({
				id: childId,
				task: request.message,
				workspace: this.host.workspace,
				mode: request.mode,
				parentTaskId: parent.taskId,
				rootTaskId: store.get(parent.taskId)?.rootTaskId ?? parent.taskId,
				...(request.todos !== undefined && { initialTodos: request.todos }),
			})
			outcome = new Promise((resolve) =>
				this.pending.set(childId, {
					childId,
					parentId: parent.taskId,
					toolUseId,
					waiting: { parent, resolve },
				}),
			)
			await this.host.lock(childId)
			child = await this.host.newTask({ mode: request.mode, taskId: childId })
		} catch (error) {
			this.pending.delete(childId)
			await this.saveReturned(parent.taskId)
			parent.emit("taskUnpaused")
			return { childTaskId: childId, text: notes.notStarted(error), isError: true }
		}
		showSubtaskStarted(parent.transcript, request)
		// On screen first, so a listener asking for the stack hears it with the child.
		await this.host.show(child)
		// Seed 002: taskPaused (parent) -> taskSpawned -> taskCreated (child) -> the child's life.
		events.emit(CairnEventName.TaskSpawned, parent.taskId, childId)
		events.emit(CairnEventName.TaskCreated, childId)
		const onAbort = () => {
			// The parent cancelled: the child stops too and offers to resume; abandoned: the stack stops.
			if (parent.state === "abandoned") this.stop(parent.taskId, "below")
			else this.pending.get(childId)?.child?.cancel()
		}
		signal.addEventListener("abort", onAbort, { once: true })
		if (signal.aborted) onAbort()
		this.host.announce(parent.taskId)
		this.host.announce(childId)
		this.host.run(
			child,
			child.startTask(request.message, [], {
				byModel: true,
				...(request.todos !== undefined && { todos: request.todos }),
			}),
		)
		const ended = await outcome.finally(() => signal.removeEventListener("abort", onAbort))
		// The stack was stopped: the parent's call ends unanswered, to be answered when it resumes.
		if (ended === undefined) throw new TaskCancelled()
		parent.emit("taskUnpaused")
		return ended
	}

	private childEnded(entry: Pending, task: Task, error: unknown): void {
		if (this.pending.get(entry.childId) !== entry || entry.child !== task) return
		const ending = entry.ending
		if (ending?.kind === "reopen") {
			entry.child = undefined
			return
		}
		this.pending.delete(entry.childId)
		if (ending?.kind === "stop") {
			entry.waiting?.resolve(undefined)
			return
		}
		const outcome: SubtaskOutcome =
			ending?.kind === "return"
				? { childTaskId: entry.childId, text: ending.text, isError: true }
				: error !== undefined
					? { childTaskId: entry.childId, text: notes.failed(error), isError: true }
					: task.state === "completed"
						? completionOf(task)
						: { childTaskId: entry.childId, text: notes.cancelled, isError: true }
		void this.returnToParent(entry, outcome).catch((failure: unknown) => {
			this.host.logger.error("A subtask's result could not be taken back to its parent", {
				parentTaskId: entry.parentId,
				childTaskId: entry.childId,
				error: String(failure),
			})
			this.host.reportParentStuck(String(failure))
		})
	}

	/** The parent gets the outcome as its new_task result, is shown again and goes on. */
	private async returnToParent(entry: Pending, outcome: SubtaskOutcome): Promise<void> {
		const shownChild = this.host.current()?.taskId === entry.childId
		this.host.forget(entry.childId)
		const waiting = entry.waiting
		if (waiting !== undefined) {
			showSubtaskResult(waiting.parent.transcript, outcome)
			await this.saveReturned(entry.parentId)
			if (shownChild || this.host.current() === undefined) await this.host.show(waiting.parent)
			waiting.resolve(outcome)
			return
		}
		await this.returnToStored(entry.parentId, entry.toolUseId, outcome)
	}

	/** Opens a parent from disk (after a restart) answering its waiting new_task call with `outcome`. */
	async returnToStored(parentId: string, toolUseId: string, outcome: SubtaskOutcome): Promise<Task> {
		const parent = await this.host.open(parentId, { subtaskReturned: { toolUseId, outcome } })
		await this.saveReturned(parentId)
		parent.emit("taskUnpaused")
		return parent
	}

	/** The parent waits no more. A failed save only costs a resume that asks again; it never stops the return. */
	private async saveReturned(parentId: string): Promise<void> {
		await this.host.store
			.saveMetadata(parentId, { awaitingChild: null })
			.then(() => this.host.announce(parentId))
			.catch((error: unknown) =>
				this.host.logger.warn("Saving that a parent's subtask returned failed", {
					parentTaskId: parentId,
					error: String(error),
				}),
			)
	}

	private parentWaitingFor(taskId: string): string | undefined {
		const live = this.pending.get(taskId)
		if (live !== undefined) return live.parentId
		const parentId = this.host.store.get(taskId)?.parentTaskId
		if (parentId === undefined) return undefined
		return this.host.store.get(parentId)?.awaitingChild?.taskId === taskId ? parentId : undefined
	}

	private waitingParent(taskId: string): Pending | undefined {
		return [...this.pending.values()].find((entry) => entry.parentId === taskId)
	}
}

/** A completed subtask's result: its last completion_result row. */
export function completionOf(task: Pick<Task, "taskId" | "messages">): SubtaskOutcome {
	const text = task.messages.findLast((m) => m.say === "completion_result")?.text
	return text === undefined
		? { childTaskId: task.taskId, text: notes.noResult, isError: true }
		: { childTaskId: task.taskId, text, isError: false }
}
