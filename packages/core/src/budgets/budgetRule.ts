import type { BudgetLimit, BudgetSpend } from "@cairn/types"

/** The share of a limit at which the chat says the budget is nearly spent. */
export const noticeShare = 0.8

export type BudgetLevel = "under" | "near" | "reached"

/**
 * The one rule for every spending limit (the budgets and auto-approval's cost limit): how much of
 * `limit` is spent, the larger of its dollar and token shares; 0 when it sets neither.
 */
export function shareSpent(spent: BudgetSpend, limit: BudgetLimit): number {
	const shares = [
		limit.maxCost === undefined ? 0 : spent.cost / limit.maxCost,
		limit.maxTokens === undefined ? 0 : spent.tokens / limit.maxTokens,
	]
	return Math.max(...shares)
}

export function budgetLevel(spent: BudgetSpend, limit: BudgetLimit): BudgetLevel {
	const share = shareSpent(spent, limit)
	return share >= 1 ? "reached" : share >= noticeShare ? "near" : "under"
}

export function hasLimit(limit: BudgetLimit): boolean {
	return limit.maxCost !== undefined || limit.maxTokens !== undefined
}
