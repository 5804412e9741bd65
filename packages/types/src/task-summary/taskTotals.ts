import { z } from "zod"
import { clineApiReqInfoSchema, type ClineApiReqInfo } from "../message/apiReqInfo.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { safeParseJson } from "../parse.js"

/** What the task header shows: the sums over the task's model requests. */
export const taskTotalsSchema = z.object({
	tokensIn: z.number(),
	tokensOut: z.number(),
	cacheReads: z.number(),
	cacheWrites: z.number(),
	cost: z.number(),
	/** Model requests seen in the transcript; 0 means the totals say nothing yet. */
	requests: z.number().int().nonnegative(),
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

/** The JSON of an `api_req_started` row; undefined for any other row. */
export function requestInfo(message: ClineMessage | undefined): ClineApiReqInfo | undefined {
	if (message?.say !== "api_req_started") return undefined
	const parsed = safeParseJson(clineApiReqInfoSchema, message.text)
	return parsed.success ? parsed.data : undefined
}

function add(totals: TaskTotals, info: ClineApiReqInfo | undefined, sign: 1 | -1): TaskTotals {
	if (info === undefined) return totals
	return {
		tokensIn: totals.tokensIn + sign * (info.tokensIn ?? 0),
		tokensOut: totals.tokensOut + sign * (info.tokensOut ?? 0),
		cacheReads: totals.cacheReads + sign * (info.cacheReads ?? 0),
		cacheWrites: totals.cacheWrites + sign * (info.cacheWrites ?? 0),
		cost: totals.cost + sign * (info.cost ?? 0),
		requests: totals.requests + sign,
	}
}

/** What a finished summary cost: paid like a request, though it is no turn of the task. */
function condenseCost(message: ClineMessage | undefined): number {
	if (message?.say !== "condense_context" || message.partial === true) return 0
	return message.contextCondense?.cost ?? 0
}

/** Sums a whole transcript; done once per snapshot. */
export function totalsOf(messages: readonly ClineMessage[]): TaskTotals {
	let totals = emptyTotals
	for (const message of messages) {
		totals = add(totals, requestInfo(message), 1)
		const cost = condenseCost(message)
		if (cost > 0) totals = { ...totals, cost: totals.cost + cost }
	}
	return totals
}

/** Rows whose changes move the totals: requests and condenses. */
export const movesTotals = (message: ClineMessage | undefined): boolean =>
	message?.say === "api_req_started" || message?.say === "condense_context"

/**
 * The totals after one message changed. Only request and condense rows move them, so a streaming
 * text update costs nothing here and the work per delta does not grow with the task.
 */
export function updateTotals(
	totals: TaskTotals,
	previous: ClineMessage | undefined,
	next: ClineMessage,
): TaskTotals {
	if (!movesTotals(previous) && !movesTotals(next)) return totals
	const updated = add(add(totals, requestInfo(previous), -1), requestInfo(next), 1)
	const cost = updated.cost - condenseCost(previous) + condenseCost(next)
	// Subtracting floats can leave dust such as -1e-18 behind.
	return { ...updated, cost: Math.max(0, cost) }
}
