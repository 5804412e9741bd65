import type { ApiMessage } from "../providers/apiMessage.js"
import type { ContextView } from "./contextView.js"
import type { TokenCounter } from "./tokenCounter.js"

/**
 * Where a new view may start: the model's answers after the current view's start, up to the
 * newest one. Starting at an answer keeps each tool_use with its tool_result, and the newest
 * answer always stays (it is what the next turn continues, or the call being asked about).
 */
export function cutCandidates(all: readonly ApiMessage[], view: ContextView): number[] {
	const candidates: number[] = []
	for (let i = Math.max(view.keepFrom, 1) + 1; i < all.length; i++) {
		if (all[i]?.role === "assistant") candidates.push(i)
	}
	return candidates
}

/**
 * The earliest candidate whose tail (the messages from it to the end) fits `tailBudget`; the
 * newest candidate when none does; undefined when there is nothing to cut.
 */
export function earliestCutWithin(
	all: readonly ApiMessage[],
	view: ContextView,
	tailBudget: number,
	counter: TokenCounter,
): number | undefined {
	const candidates = cutCandidates(all, view)
	const newest = candidates.at(-1)
	if (newest === undefined) return undefined
	// Walk back from the end once, summing the tail as it grows.
	let tail = 0
	let best = newest
	let next = all.length - 1
	for (let c = candidates.length - 1; c >= 0; c--) {
		const candidate = candidates[c] ?? newest
		for (; next >= candidate; next--) tail += counter.message(all[next] as ApiMessage)
		if (tail > tailBudget) break
		best = candidate
	}
	return best
}
