import { z } from "zod"
import { apiRequestInfo, type ClineApiReqInfo } from "../message/apiReqInfo.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { spentSchema } from "../ledger/spent.js"

/**
 * What the task header, the history and the CLI show: the task's ledger (its own requests and its
 * subtasks' together). The fields after `requests` are optional for totals of before the ledger.
 */
export const taskTotalsSchema = z.object({
	tokensIn: z.number(),
	tokensOut: z.number(),
	cacheReads: z.number(),
	cacheWrites: z.number(),
	cost: z.number(),
	/** Model requests that reached the provider; 0 means the totals say nothing yet. */
	requests: z.number().int().nonnegative(),
	reasoningTokens: z.number().nonnegative().optional(),
	/** Requests whose price is unknown: `cost` lacks them, so it is shown with "price unknown". */
	unpriced: z.number().int().nonnegative().optional(),
	/** Requests whose tokens are an estimate (the provider reported none). */
	estimated: z.number().int().nonnegative().optional(),
	/** The subtasks' part of these totals, when the task started any. */
	subtasks: spentSchema.optional(),
	/** What each model the task (and its subtasks) used spent. */
	byModel: z.record(z.string(), spentSchema).optional(),
})
export type TaskTotals = z.infer<typeof taskTotalsSchema>

export const emptyTotals: TaskTotals = Object.freeze({
	tokensIn: 0,
	tokensOut: 0,
	cacheReads: 0,
	cacheWrites: 0,
	cost: 0,
	requests: 0,
})

function add(totals: TaskTotals, info: ClineApiReqInfo | undefined): TaskTotals {
	if (info === undefined) return totals
	return {
		tokensIn: totals.tokensIn + (info.tokensIn ?? 0),
		tokensOut: totals.tokensOut + (info.tokensOut ?? 0),
		cacheReads: totals.cacheReads + (info.cacheReads ?? 0),
		cacheWrites: totals.cacheWrites + (info.cacheWrites ?? 0),
		cost: totals.cost + (info.cost ?? 0),
		requests: totals.requests + 1,
	}
}

/** What a finished summary cost: paid like a request, though it is no turn of the task. */
function condenseCost(message: ClineMessage | undefined): number {
	if (message?.say !== "condense_context" || message.partial === true) return 0
	return message.contextCondense?.cost ?? 0
}

/**
 * Sums a whole transcript's request rows: what a task saved before the ledger existed is known to
 * have spent (its ledger starts from it).
 */
export function totalsOf(messages: readonly ClineMessage[]): TaskTotals {
	let totals = emptyTotals
	for (const message of messages) {
		totals = add(totals, apiRequestInfo(message))
		const cost = condenseCost(message)
		if (cost > 0) totals = { ...totals, cost: totals.cost + cost }
	}
	return totals
}
