import type { ExtensionMessageOf, TaskCard } from "@cairn/types"
import { useWebviewStore, type BoardState } from "./store"

// The board's answers from the host, applied to the store's `board`. A card delta replaces that
// one card object and leaves `order` (and every other card) as it was, so only its view renders.

const store = useWebviewStore

function setBoard(change: (board: BoardState) => Partial<BoardState>): void {
	store.setState((s) => ({ board: { ...s.board, ...change(s.board) } }))
}

/** `record` without `key`; the same object when it had no such key. */
function without<V>(record: Readonly<Record<string, V>>, key: string): Readonly<Record<string, V>> {
	if (!(key in record)) return record
	const { [key]: _dropped, ...rest } = record
	return rest
}

/** Where a new card goes in a newest-first order: before the first card that is not newer. */
function insertNewestFirst(
	order: readonly string[],
	cards: Readonly<Record<string, TaskCard>>,
	card: TaskCard,
): string[] {
	const at = order.findIndex((id) => (cards[id]?.createdAt ?? 0) <= card.createdAt)
	return at === -1 ? [...order, card.taskId] : [...order.slice(0, at), card.taskId, ...order.slice(at)]
}

export function applyTaskBoard({
	cards,
	limit,
	worktreesUnavailable,
}: ExtensionMessageOf<"taskBoard">): void {
	const byId = Object.fromEntries(cards.map((card) => [card.taskId, card]))
	// The host sends them newest first; diffs and held discards of cards that are gone go too.
	setBoard((board) => ({
		loaded: true,
		cards: byId,
		order: cards.map((card) => card.taskId),
		limit,
		worktreesUnavailable,
		diffs: Object.fromEntries(Object.entries(board.diffs).filter(([id]) => id in byId)),
		pendingLoss: Object.fromEntries(Object.entries(board.pendingLoss).filter(([id]) => id in byId)),
	}))
}

export function applyCardUpdated({ card }: ExtensionMessageOf<"taskCardUpdated">): void {
	setBoard((board) => ({
		cards: { ...board.cards, [card.taskId]: card },
		...(!(card.taskId in board.cards) && { order: insertNewestFirst(board.order, board.cards, card) }),
		// Once discarded there is nothing left to confirm.
		...(card.state === "discarded" && { pendingLoss: without(board.pendingLoss, card.taskId) }),
	}))
}

export function applyCardRemoved({ taskId }: ExtensionMessageOf<"taskCardRemoved">): void {
	setBoard((board) =>
		taskId in board.cards
			? {
					cards: without(board.cards, taskId),
					order: board.order.filter((id) => id !== taskId),
					diffs: without(board.diffs, taskId),
					pendingLoss: without(board.pendingLoss, taskId),
				}
			: {},
	)
}

export function applyCardDiff(diff: ExtensionMessageOf<"cardDiff">): void {
	setBoard((board) => ({ diffs: { ...board.diffs, [diff.taskId]: diff } }))
}

export function applyDiscardNeedsConfirmation({
	taskId,
	loss,
}: ExtensionMessageOf<"discardNeedsConfirmation">): void {
	setBoard((board) => ({ pendingLoss: { ...board.pendingLoss, [taskId]: loss } }))
}
