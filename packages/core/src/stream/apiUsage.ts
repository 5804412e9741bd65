import { type ClineApiReqInfo, type ClineMessage, type TaskTotals } from "@cairn/types"
import type { Tokens } from "./streamEvents.js"

export interface Usage {
	tokens: Tokens
	cost: number
	/** Requests whose price is unknown: `cost` lacks them. */
	unpriced?: number
}

export const noUsage = (): Usage => ({
	tokens: { input: 0, output: 0, cacheWrites: 0, cacheReads: 0 },
	cost: 0,
})

export function addRequest(usage: Usage, info: ClineApiReqInfo): void {
	usage.tokens.input += info.tokensIn ?? 0
	usage.tokens.output += info.tokensOut ?? 0
	usage.tokens.cacheWrites += info.cacheWrites ?? 0
	usage.tokens.cacheReads += info.cacheReads ?? 0
	usage.cost += info.cost ?? 0
}

/**
 * A summarization request costs money too, but is no turn of the task: its dollars count, its
 * tokens are not the task's conversation.
 */
export function addCondense(usage: Usage, message: ClineMessage): void {
	if (message.say === "condense_context" && message.partial !== true)
		usage.cost += message.contextCondense?.cost ?? 0
}

/** The host's totals of a whole task (its summary, its ledger's), as usage. */
export function usageOfTotals(totals: Omit<TaskTotals, "requests">): Usage {
	return {
		tokens: {
			input: totals.tokensIn,
			output: totals.tokensOut,
			cacheWrites: totals.cacheWrites,
			cacheReads: totals.cacheReads,
			...((totals.reasoningTokens ?? 0) > 0 && { reasoning: totals.reasoningTokens }),
		},
		cost: totals.cost,
		...((totals.unpriced ?? 0) > 0 && { unpriced: totals.unpriced }),
	}
}
