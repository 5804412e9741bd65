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
	/** A card needs the person for something it was not told of before. */
	newlyNeeds(card: TaskCard): void
}

/**
 * Follows the board's cards from the Controller's messages (`taskBoard`, then card deltas). The
 * first board is what the person already has in front of them (the badge shows it): only what
 * changes after it is news.
 */
export class BoardAttention {
	private readonly cards = new Map<string, TaskCard>()
	private count = 0

	constructor(
		private readonly output: BoardAttentionOutput,
		private readonly told: ToldOnce = new ToldOnce(),
	) {}

	receive(message: ExtensionMessage): void {
		switch (message.type) {
			case "taskBoard":
				this.cards.clear()
				for (const card of message.cards) {
					this.cards.set(card.taskId, card)
					const key = attentionKey(card)
					if (key !== undefined) this.told.first(key)
				}
				break
			case "taskCardUpdated": {
				const { card } = message
				this.cards.set(card.taskId, card)
				const key = attentionKey(card)
				if (key !== undefined && this.told.first(key)) this.output.newlyNeeds(card)
				break
			}
			case "taskCardRemoved":
				this.cards.delete(message.taskId)
				break
			default:
				return
		}
		this.recount()
	}

	private recount(): void {
		let count = 0
		for (const card of this.cards.values()) if (cardNeedsPerson(card)) count++
		if (count === this.count) return
		this.count = count
		this.output.badge(count)
	}
}
