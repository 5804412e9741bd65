import { cardNeedsPerson, type ExtensionMessage, type TaskCard } from "@cairn/types"

// Which tasks need the person, from the Controller's messages alone (no editor here, so it is
// tested as it is): the board's badge count, and each card that newly needs the person, told once.

/** The one key of an ask, whichever way it reaches the person: the chat's task or a board card. */
export const askKey = (taskId: string, ts: number): string => `${taskId}@${ts}`

/**
 * What the person was already told about, shared by the chat's notification and the board's, so
 * one ask is told once however many views show it.
 */
export class ToldOnce {
	private readonly told = new Set<string>()

	/** True the first time `key` comes, false ever after. */
	first(key: string): boolean {
		if (this.told.has(key)) return false
		this.told.add(key)
		return true
	}
}

/**
 * What a card needs the person for, as a key that changes when that changes: each ask it waits on
 * (by its ts), or a failure (by when it stopped). Undefined while it needs nothing, or while the ask
 * is still streaming in (not yet complete enough to tell).
 */
export function attentionKey(card: TaskCard): string | undefined {
	if (!cardNeedsPerson(card)) return undefined
	if (card.state === "waiting")
		return card.waitingOn === undefined || card.waitingOn.partial === true
			? undefined
			: askKey(card.taskId, card.waitingOn.ts)
	return `${card.taskId}!failed@${card.endedAt ?? card.createdAt}`
}

export interface BoardAttentionOutput {
	/** How many cards need the person now; called when the number changes. */
	badge(count: number): void
	/**
	 * The card is the chat's own task and the chat is in view: the chat shows its ask, and its own
	 * notification tells of it if the person looks away while it still waits. The board leaves such
	 * a need untold, so that notification is still the first.
	 */
	leftToChat(card: TaskCard): boolean
	/**
	 * A card needs the person for something it was not told of before. `over` settles once the card
	 * no longer needs them for it (answered, moved on, gone), so what told of it can go too.
	 */
	newlyNeeds(card: TaskCard, over: Promise<void>): void
}

/**
 * Follows the board's cards from the Controller's messages (`taskBoard`, then card deltas). The
 * first board is what the person already has in front of them (the badge shows it): only what
 * changes after it is news.
 */
export class BoardAttention {
	private readonly cards = new Map<string, TaskCard>()
	/** What each card was told of, until it no longer needs the person for that. */
	private readonly told = new Map<string, { key: string; over: () => void }>()
	private count = 0

	constructor(
		private readonly output: BoardAttentionOutput,
		private readonly once: ToldOnce = new ToldOnce(),
	) {}

	receive(message: ExtensionMessage): void {
		switch (message.type) {
			case "taskBoard":
				this.cards.clear()
				for (const card of message.cards) {
					this.cards.set(card.taskId, card)
					const key = attentionKey(card)
					if (key !== undefined) this.once.first(key)
				}
				break
			case "taskCardUpdated": {
				const { card } = message
				this.cards.set(card.taskId, card)
				const key = attentionKey(card)
				if (key !== undefined && !this.output.leftToChat(card) && this.once.first(key))
					this.tell(card, key)
				break
			}
			case "taskCardRemoved":
				this.cards.delete(message.taskId)
				break
			default:
				return
		}
		this.endOver()
		this.recount()
	}

	/** Settles everything told of: nothing is followed any more. */
	dispose(): void {
		for (const told of this.told.values()) told.over()
		this.told.clear()
	}

	private tell(card: TaskCard, key: string): void {
		this.told.get(card.taskId)?.over()
		const over = new Promise<void>((resolve) => this.told.set(card.taskId, { key, over: resolve }))
		this.output.newlyNeeds(card, over)
	}

	/** Settles what was told of cards that no longer need the person for it. */
	private endOver(): void {
		for (const [taskId, told] of this.told) {
			const card = this.cards.get(taskId)
			if (card !== undefined && attentionKey(card) === told.key) continue
			told.over()
			this.told.delete(taskId)
		}
	}

	private recount(): void {
		let count = 0
		for (const card of this.cards.values()) if (cardNeedsPerson(card)) count++
		if (count === this.count) return
		this.count = count
		this.output.badge(count)
	}
}
