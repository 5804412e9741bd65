import type {
	CardChanges,
	CardChecks,
	ClineMessage,
	ExtensionMessage,
	HistoryItem,
	ProviderProfile,
	TaskCard,
} from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { HostText } from "../i18n/hostText.js"
import type { TaskStore } from "../persistence/taskStore.js"
import type { Task } from "../task/Task.js"
import type { TaskRoom } from "./TaskRoom.js"

/** How many tasks of the history the board shows besides those running here. */
export const recentCards = 50
const titleLength = 200

export interface BoardParts {
	room: TaskRoom
	store(): TaskStore
	workspaceRoot: string
	profileOf(task: Task): ProviderProfile | undefined
	broadcast(message: ExtensionMessage): void
	logger: Logger
	text(): HostText
	/** What a task's worktree changed against its base (the worktrees port); absent without worktrees. */
	changesOf?(taskId: string): Promise<CardChanges | undefined>
}

/** The part of a card's cost its subtasks spent, when they spent any (their own cards show it too). */
const subtasksCost = (cost: number | undefined): { subtasksCost?: number } =>
	cost !== undefined && cost > 0 ? { subtasksCost: cost } : {}

/** What the board knows of a card beyond its task: its link, its last checks, its changes, why it failed. */
interface CardNotes {
	after?: TaskCard["after"]
	checks?: CardChecks
	changes?: CardChanges
	error?: string
	endedAt?: number
}

/** A linked card waiting for its first task. */
interface Link {
	taskId: string
	until: "done" | "landed"
	resolve(gate: { prefix: string }): void
	reject(error: Error): void
}

/**
 * The board: a card per task of the room and per recent task of this workspace's history, each
 * computed from the task's own state, ledger and place. A card is sent again only when what it
 * shows changed (state, the ask it waits on, cost, mode): the room reports those, never a
 * streamed chunk, so a streaming task costs the board nothing.
 */
export class TaskBoard {
	private readonly blocked = new Set<string>()
	private readonly notes = new Map<string, CardNotes>()
	private readonly sent = new Map<string, string>()
	private readonly links: Link[] = []

	constructor(private readonly parts: BoardParts) {
		parts.room.onChange((taskId) => this.refresh(taskId))
	}

	/**
	 * Every card, newest first: the room's tasks and the recent history. A subtask has a card of
	 * its own: its approvals are answered there, and what it costs shows.
	 */
	async cards(): Promise<TaskCard[]> {
		const { room } = this.parts
		const items = this.parts.store().list({ workspace: this.parts.workspaceRoot })
		let recent = 0
		const listed = items.filter((item) => room.get(item.id) !== undefined || recent++ < recentCards)
		const made = (await Promise.all(listed.map((item) => this.cardOf(item.id)))).filter(
			(card): card is TaskCard => card !== undefined,
		)
		const cards = await Promise.all(made.map((card) => this.withChanges(card)))
		for (const card of cards) this.sent.set(card.taskId, JSON.stringify(card))
		return cards
	}

	/**
	 * A worktree card whose task stopped where this board did not see it stop (in another process,
	 * before a restart) is measured when the board is first asked for it, once, for every client.
	 */
	private async withChanges(card: TaskCard): Promise<TaskCard> {
		if (card.worktree === undefined || card.changes !== undefined || !stoppedWorking(card)) return card
		const changes = await this.parts.changesOf?.(card.taskId).catch((error: unknown) => {
			this.parts.logger.warn("A worktree's changes could not be measured", {
				taskId: card.taskId,
				error: String(error),
			})
			return undefined
		})
		if (changes === undefined) return card
		this.notes.set(card.taskId, { ...this.notes.get(card.taskId), changes })
		return { ...card, changes }
	}

	/** Sends the task's card when it changed since it was last sent. */
	refresh(taskId: string): void {
		void this.cardOf(taskId)
			.then((card) => {
				if (card === undefined) return
				this.settleLinks(card)
				const text = JSON.stringify(card)
				const before = this.sent.get(taskId)
				if (before === text) return
				this.sent.set(taskId, text)
				this.parts.broadcast({ type: "taskCardUpdated", card })
				if (card.worktree !== undefined && stoppedWorking(card) && !wasStopped(before))
					this.measure(taskId)
			})
			.catch((error: unknown) =>
				this.parts.logger.warn("A task's card could not be made", { taskId, error: String(error) }),
			)
	}

	/** The card learns what its worktree changed (once its task stopped working: the files hold still then). */
	private measure(taskId: string): void {
		void this.parts
			.changesOf?.(taskId)
			.then((changes) => {
				if (changes !== undefined) this.note(taskId, { changes })
			})
			.catch((error: unknown) =>
				this.parts.logger.warn("A worktree's changes could not be measured", {
					taskId,
					error: String(error),
				}),
			)
	}

	/** A linked card's task waits (`blocked`) until `unblock`. */
	block(taskId: string): void {
		this.blocked.add(taskId)
		this.refresh(taskId)
	}

	/** It waits no more (it starts, or it was cancelled); false when it was not waiting. */
	unblock(taskId: string): boolean {
		const was = this.blocked.delete(taskId)
		if (was) this.refresh(taskId)
		return was
	}

	isWaiting(taskId: string): boolean {
		return this.blocked.has(taskId)
	}

	failed(taskId: string, error: string): void {
		this.note(taskId, { error })
	}

	note(taskId: string, notes: CardNotes): void {
		this.notes.set(taskId, { ...this.notes.get(taskId), ...notes })
		this.refresh(taskId)
	}

	/**
	 * Resolves when `after.taskId` is done (or landed), with its result to put before the linked
	 * task's text; rejects when it can no longer get there (it failed, or was discarded).
	 */
	linkAfter(taskId: string, after: NonNullable<TaskCard["after"]>): Promise<{ prefix: string }> {
		this.note(taskId, { after })
		const gate = new Promise<{ prefix: string }>((resolve, reject) =>
			this.links.push({ taskId: after.taskId, until: after.until, resolve, reject }),
		)
		// Its starter handles it once the task is made; a rejection before then is not an unhandled one.
		void gate.catch(() => undefined)
		this.refresh(after.taskId)
		return gate
	}

	/** The card of a task of the room or of the history; undefined when it is neither. */
	async cardOf(taskId: string): Promise<TaskCard | undefined> {
		const item = this.parts.store().get(taskId)
		if (item === undefined) return undefined
		const task = this.parts.room.get(taskId)
		let notes = this.notes.get(taskId)
		if (notes === undefined) {
			notes = {}
			this.notes.set(taskId, notes)
		}
		const base = this.baseCard(item, notes)
		if (task !== undefined) return this.liveCard(task, base, notes)
		if (this.parts.room.queued().includes(taskId)) return { ...base, state: "queued" }
		if (item.landing !== undefined) return { ...base, state: "landed" }
		if (item.discarded === true) return { ...base, state: "discarded" }
		if (notes.error !== undefined) return { ...base, state: "failed" }
		if (await this.parts.store().isLockedElsewhere(taskId))
			return { ...base, state: "running", elsewhere: true }
		return { ...base, state: item.status === "completed" ? "done" : "interrupted" }
	}

	private baseCard(item: HistoryItem, notes: CardNotes): Omit<TaskCard, "state"> {
		return {
			taskId: item.id,
			title: item.task.slice(0, titleLength),
			mode: item.mode ?? "code",
			createdAt: item.ts,
			cost: item.totalCost,
			...subtasksCost(item.subtasks?.cost),
			...(notes.endedAt !== undefined && { endedAt: notes.endedAt }),
			...(item.worktree && { worktree: item.worktree }),
			...(item.group !== undefined && { group: item.group }),
			...(item.landing && { landing: item.landing }),
			...(notes.after && { after: notes.after }),
			...(notes.checks && { checks: notes.checks }),
			...(notes.changes && { changes: notes.changes }),
			...(notes.error !== undefined && { error: notes.error }),
		}
	}

	private liveCard(task: Task, base: Omit<TaskCard, "state">, notes: CardNotes): TaskCard {
		const { room } = this.parts
		const profile = this.parts.profileOf(task)
		const card = {
			...base,
			mode: task.currentMode,
			cost: task.tokenUsage.totalCost,
			...subtasksCost(task.tokenUsage.subtasks?.cost),
			...(profile && { profileName: profile.name, modelId: profile.provider.modelId }),
		}
		if (this.blocked.has(task.taskId)) return { ...card, state: "blocked" }
		if (room.queued().includes(task.taskId)) return { ...card, state: "queued" }
		if (base.landing !== undefined) return { ...card, state: "landed" }
		if (this.parts.store().get(task.taskId)?.discarded === true) return { ...card, state: "discarded" }
		if (notes.error !== undefined) return { ...card, state: "failed" }
		const shown = room.stateOf(task.taskId) ?? { state: "running" }
		// Elapsed time runs while the task works or waits on the person mid-task.
		const stopped = shown.state !== "running" && shown.state !== "waiting"
		if (!stopped) delete notes.endedAt
		else notes.endedAt ??= Date.now()
		const { endedAt: _ended, ...rest } = card
		return {
			...rest,
			...(notes.endedAt !== undefined && { endedAt: notes.endedAt }),
			state: shown.state,
			...(shown.waitingOn && { waitingOn: shown.waitingOn }),
		}
	}

	/** Linked cards whose first task got where they wait for start; those it can no longer reach fail. */
	private settleLinks(card: TaskCard): void {
		for (const link of [...this.links]) {
			if (link.taskId !== card.taskId) continue
			const reached =
				link.until === "done"
					? card.state === "done" || card.state === "landed"
					: card.state === "landed"
			const lost = card.state === "failed" || card.state === "discarded"
			if (!reached && !lost) continue
			this.links.splice(this.links.indexOf(link), 1)
			const t = this.parts.text()
			if (lost)
				link.reject(
					new Error(t(card.state === "failed" ? "board.linkedFailed" : "board.linkedDiscarded")),
				)
			else
				void this.resultOf(card.taskId).then((result) =>
					link.resolve({ prefix: linkedPrefix(card.title, result) }),
				)
		}
	}

	/** The completion result of a task (the last one it gave). */
	private async resultOf(taskId: string): Promise<string> {
		const live = this.parts.room.get(taskId)
		const messages: readonly ClineMessage[] =
			live?.messages ?? (await this.parts.store().loadTask(taskId)).messages
		return messages.findLast((m) => m.type === "say" && m.say === "completion_result")?.text ?? ""
	}
}

/** Its task no longer works in its worktree: the files hold still, and what it changed can be measured. */
export const stoppedWorking = (card: Pick<TaskCard, "state">) =>
	["done", "failed", "interrupted"].includes(card.state)
const wasStopped = (sent: string | undefined) =>
	sent !== undefined && stoppedWorking(JSON.parse(sent) as Pick<TaskCard, "state">)

/** What a linked task is told of the task it waited for, before its own text. */
function linkedPrefix(title: string, result: string): string {
	return `This task follows an earlier one ("${title}"), which finished with this result:\n\n${result}\n\nNow: `
}
