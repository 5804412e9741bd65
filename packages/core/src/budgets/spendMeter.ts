import type { BudgetSpend, TaskTotals } from "@cairn/types"
import type { ApiUsageChunk } from "../providers/modelProvider.js"

/** One billed request's usage, as the Task's usage callbacks hand it over. */
export type BilledUsage = Omit<ApiUsageChunk, "type">

/** Every token the request was billed for: a token budget holds what the provider counts. */
export function billedTokens(usage: BilledUsage): number {
	return (
		usage.inputTokens + usage.outputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0)
	)
}

/** A ledger's totals as a budget counts them: its cost, and every token billed by the rule above. */
export function spendOfTotals(totals: TaskTotals): BudgetSpend {
	return {
		cost: totals.cost,
		tokens: totals.tokensIn + totals.tokensOut + totals.cacheReads + totals.cacheWrites,
	}
}

export const noSpend: BudgetSpend = Object.freeze({ cost: 0, tokens: 0 })

export function addSpend(a: BudgetSpend, b: BudgetSpend): BudgetSpend {
	return { cost: a.cost + b.cost, tokens: a.tokens + b.tokens }
}

/** What was spent since it was made or last reset. */
export class SpendMeter {
	private total: BudgetSpend

	constructor(start: BudgetSpend = noSpend) {
		this.total = start
	}

	get spent(): BudgetSpend {
		return this.total
	}

	add(spend: BudgetSpend): void {
		this.total = addSpend(this.total, spend)
	}

	reset(): void {
		this.total = noSpend
	}
}
