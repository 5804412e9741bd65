import type { TaskCard } from "@cairn/types"

/** What the person can do with a card now; the host checks each again when it comes. */
export interface CardOffers {
	cancel: boolean
	resume: boolean
	review: boolean
	runChecks: boolean
	land: boolean
	discard: boolean
}

const nothing: CardOffers = {
	cancel: false,
	resume: false,
	review: false,
	runChecks: false,
	land: false,
	discard: false,
}

export function cardOffers(card: TaskCard): CardOffers {
	// A task of another window or CLI is shown here but steered there.
	if (card.elsewhere === true) return nothing
	const { state } = card
	const working = state === "queued" || state === "blocked" || state === "running" || state === "waiting"
	const finished = state === "landed" || state === "discarded"
	const hasWorktree = card.worktree !== undefined
	const hasChanges = (card.changes?.files ?? 0) > 0
	return {
		cancel: working,
		resume: state === "interrupted",
		review: state !== "discarded" && (hasWorktree || hasChanges),
		runChecks: hasWorktree && !working && !finished && card.checks?.state !== "running",
		// A task in place changed the workspace itself: there is nothing to land.
		land: hasWorktree && !working && !finished,
		discard: hasWorktree && !working && !finished,
	}
}
