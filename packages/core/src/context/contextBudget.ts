import type { ModelInfo } from "@cairn/types"
import { outputReserve } from "../providers/outputReserve.js"

/** How a model's window is shared out, in tokens. */
export interface ContextBudget {
	window: number
	/** Kept free for the answer (see outputReserve). */
	reserve: number
	/** What a request may hold: the window minus the reserve. Never sent past. */
	usable: number
	/** Past this, the next request condenses first (the person's percent of `usable`). */
	threshold: number
	/** The most one tool result may hold when it enters the history. */
	toolResultCap: number
}

/** A quarter of the usable window: a few results can then sit next to the task and the answers. */
const toolResultShare = 0.25

export function contextBudget(
	info: Pick<ModelInfo, "contextWindow" | "maxOutputTokens">,
	thresholdPercent: number,
): ContextBudget {
	const reserve = outputReserve(info)
	const usable = Math.max(1, info.contextWindow - reserve)
	return {
		window: info.contextWindow,
		reserve,
		usable,
		threshold: Math.floor((usable * thresholdPercent) / 100),
		toolResultCap: Math.max(256, Math.floor(usable * toolResultShare)),
	}
}
