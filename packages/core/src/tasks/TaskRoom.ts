import type { Task } from "../task/Task.js"
import { holdsPlace, liveCardState, type LiveCardState } from "./cardState.js"
import type { TaskPlace } from "./taskPlace.js"

/** A task started beyond the concurrency limit: it starts when a place frees. */
export interface QueuedStart {
	taskId: string
	/** Makes and runs the task; called once, when it has a place. */
	start(): Promise<void>
}

interface Member {
	task: Task
	place: TaskPlace
	/** Its loop runs in this process (it holds a place while it works). */
	looping: boolean
	shown: LiveCardState
}

/**
 * Every task with a loop in this process, wherever it works, and the line of tasks waiting for a
 * place: at most `limit()` tasks work (or wait on an approval mid-task) at once. A task that
 * finished, failed or stopped keeps no place. Places are counted when a task starts from the
 * line; a task the person answers or resumes goes on at once (a person waiting on a limit they
 * just chose to pass would be waiting on nothing).
 *
 * Subtasks run in their parent's place: a parent waiting for its child holds one, and queuing
 * the child behind it could wait forever.
 */
export class TaskRoom {
	private readonly members = new Map<string, Member>()
	private readonly line: QueuedStart[] = []
	/** Tasks taken from the line whose loop has not begun yet (a stored task being read back): their places are taken. */
	private readonly starting = new Set<string>()
	private readonly listeners = new Set<(taskId: string) => void>()

	constructor(
		private readonly limit: () => number,
		private readonly onStartFailed: (taskId: string, error: unknown) => void,
	) {}

	/** Hears every change a card shows: a task joined, left, changed state or cost. */
	onChange(listener: (taskId: string) => void): () => void {
		this.listeners.add(listener)
		return () => this.listeners.delete(listener)
	}

	get(taskId: string): Task | undefined {
		return this.members.get(taskId)?.task
	}

	placeOf(taskId: string): TaskPlace | undefined {
		return this.members.get(taskId)?.place
	}

	tasks(): Task[] {
		return [...this.members.values()].map((member) => member.task)
	}

	/** Ids of the tasks waiting for a place, first in line first. */
	queued(): string[] {
		return this.line.map((start) => start.taskId)
	}

	/** How many places are taken now. */
	get working(): number {
		let count = this.starting.size
		for (const member of this.members.values())
			if (member.looping && holdsPlace(member.shown.state)) count++
		return count
	}

	get capacity(): number {
		return this.limit()
	}

	/** The task's card state as the room last saw it. */
	stateOf(taskId: string): LiveCardState | undefined {
		return this.members.get(taskId)?.shown
	}

	/** A task made in this process joins (not yet running). */
	add(task: Task, place: TaskPlace): void {
		const member: Member = { task, place, looping: false, shown: liveCardState(task.messages) }
		this.members.set(task.taskId, member)
		task.on("message", () => this.look(member))
		task.on("taskTokenUsageUpdated", () => this.changed(task.taskId))
		task.on("taskModeSwitched", () => this.changed(task.taskId))
		this.changed(task.taskId)
	}

	/** The task's loop runs from now until `loop` settles. */
	running(taskId: string, loop: Promise<void>): void {
		const member = this.members.get(taskId)
		if (member === undefined) return
		member.looping = true
		this.starting.delete(taskId)
		this.look(member)
		void loop
			.catch(() => undefined)
			.then(() => {
				if (this.members.get(taskId) !== member) return
				member.looping = false
				this.changed(taskId)
				this.drain()
			})
	}

	/** The task leaves the room (its loop ended or was abandoned). */
	remove(taskId: string): void {
		if (!this.members.delete(taskId)) return
		this.changed(taskId)
		this.drain()
	}

	/** Starts `start` now when there is a place, else puts it in line. True when it started now. */
	admit(start: QueuedStart): boolean {
		if (this.line.length === 0 && this.working < this.limit()) {
			this.launch(start)
			return true
		}
		this.line.push(start)
		this.changed(start.taskId)
		return false
	}

	/** Takes a task out of the line before it started; false when it is not waiting there. */
	cancelQueued(taskId: string): boolean {
		const index = this.line.findIndex((start) => start.taskId === taskId)
		if (index === -1) return false
		this.line.splice(index, 1)
		this.changed(taskId)
		return true
	}

	/** Starts tasks from the line while there are places (the limit may also have been raised). */
	drain(): void {
		while (this.line.length > 0 && this.working < this.limit()) {
			const next = this.line.shift() as QueuedStart
			this.launch(next)
		}
	}

	private launch(start: QueuedStart): void {
		this.starting.add(start.taskId)
		start
			.start()
			.catch((error: unknown) => this.onStartFailed(start.taskId, error))
			.finally(() => {
				// Started (its loop counts now) or failed (its place is free again).
				if (this.starting.delete(start.taskId)) this.drain()
			})
	}

	private look(member: Member): void {
		const now = liveCardState(member.task.messages)
		if (now.state === member.shown.state && now.waitingOn?.ts === member.shown.waitingOn?.ts) return
		member.shown = now
		this.changed(member.task.taskId)
		if (!holdsPlace(now.state)) this.drain()
	}

	private changed(taskId: string): void {
		for (const listener of this.listeners) listener(taskId)
	}
}
