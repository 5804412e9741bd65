import { clineApiReqInfoSchema, safeParseJson, type ClineApiReqInfo, type ClineMessage } from "@cairn/types"

/** What the task header shows: the sums over the task's model requests. */
export interface TaskTotals {
	tokensIn: number
	tokensOut: number
	cacheReads: number
	cacheWrites: number
	cost: number
	/** Model requests seen in the transcript; 0 means the totals say nothing yet. */
	requests: number
}

export const emptyTotals: TaskTotals = Object.freeze({
	tokensIn: 0,
	tokensOut: 0,
	cacheReads: 0,
	cacheWrites: 0,
	cost: 0,
	requests: 0,
})

function requestInfo(message: ClineMessage | undefined): ClineApiReqInfo | undefined {
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

/** Sums a whole transcript; done once per snapshot. */
export function totalsOf(messages: readonly ClineMessage[]): TaskTotals {
	let totals = emptyTotals
	for (const message of messages) totals = add(totals, requestInfo(message), 1)
	return totals
}

/**
 * The totals after one message changed. Only request rows move them, so a streaming text update
 * costs nothing here and the work per delta does not grow with the task.
 */
export function updateTotals(
	totals: TaskTotals,
	previous: ClineMessage | undefined,
	next: ClineMessage,
): TaskTotals {
	if (previous?.say !== "api_req_started" && next.say !== "api_req_started") return totals
	const updated = add(add(totals, requestInfo(previous), -1), requestInfo(next), 1)
	// Subtracting floats can leave dust such as -1e-18 behind.
	return { ...updated, cost: Math.max(0, updated.cost) }
}

/**
 * Tokens of the latest finished request's context: what it sent (fresh and cached) plus what came
 * back. That is how full the model's window was on the last turn.
 */
export function contextTokensOf(info: ClineApiReqInfo | undefined): number | undefined {
	if (info === undefined || info.tokensIn === undefined) return undefined
	return info.tokensIn + (info.tokensOut ?? 0) + (info.cacheReads ?? 0) + (info.cacheWrites ?? 0)
}

/** Context tokens of the newest request that reported usage; a request still streaming has none yet. */
export function latestContextTokens(messages: readonly ClineMessage[]): number | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const tokens = contextTokensOf(requestInfo(messages[i]))
		if (tokens !== undefined) return tokens
	}
	return undefined
}
