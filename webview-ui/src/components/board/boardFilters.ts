import { cardNeedsPerson, type TaskCard, type TaskCardState } from "@cairn/types"

/** The board's filters, in the order its bar shows them. */
export const boardFilters = ["all", "needsMe", "running", "done", "landed", "discarded"] as const
export type BoardFilter = (typeof boardFilters)[number]

const statesOf: Record<Exclude<BoardFilter, "all" | "needsMe">, readonly TaskCardState[]> = {
	// Under way without the person: started, waiting for a place or for a linked card, or working.
	running: ["queued", "blocked", "running"],
	// Stopped with work to look at: finished, or interrupted part way.
	done: ["done", "interrupted"],
	landed: ["landed"],
	discarded: ["discarded"],
}

export function inFilter(card: TaskCard, filter: BoardFilter): boolean {
	switch (filter) {
		case "all":
			return true
		case "needsMe":
			// The badge's own rule, so the filter and the badge always agree.
			return cardNeedsPerson(card)
		default:
			return statesOf[filter].includes(card.state)
	}
}
