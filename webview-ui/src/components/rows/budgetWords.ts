import type { BudgetLimit, BudgetSpend, BudgetStatus } from "@cairn/types"
import type { TFunction } from "i18next"
import { formatCost, formatTokens } from "../../util/format"

/** Spent and limit in what the limit counts: dollars, tokens, or both. */
function amounts(spent: BudgetSpend, limit: BudgetLimit, t: TFunction<"rows">) {
	const parts: [string, string][] = []
	if (limit.maxCost !== undefined) parts.push([formatCost(spent.cost), formatCost(limit.maxCost)])
	if (limit.maxTokens !== undefined)
		parts.push([
			t("budget.tokens", { n: formatTokens(spent.tokens) }),
			t("budget.tokens", { n: formatTokens(limit.maxTokens) }),
		])
	return { spent: parts.map(([s]) => s).join(", "), limit: parts.map(([, l]) => l).join(", ") }
}

/**
 * A budget's state in the person's language: which budget, how much of it is spent, and the
 * cheaper profile the task moved to when it did.
 */
export function budgetWords(status: BudgetStatus, reached: boolean, t: TFunction<"rows">) {
	const budget = t(`budget.${status.scope}`, { profile: status.profile ?? "" })
	const detail = t("budget.spent", { budget, ...amounts(status.spent, status.limit, t) })
	if (status.switchedTo !== undefined)
		return {
			title: t("budget.switchedTitle"),
			detail: `${detail} ${t("budget.switchedTo", { profile: status.switchedTo })}`,
		}
	return { title: reached ? t("budget.reachedTitle") : t("budget.nearTitle"), detail }
}
