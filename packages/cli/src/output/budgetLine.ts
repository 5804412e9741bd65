import {
	budgetStatusSchema,
	safeParseJson,
	type BudgetLimit,
	type BudgetSpend,
	type BudgetStatus,
} from "@cairn/types"
import { t } from "../i18n/cliI18n.js"
import { formatCost, formatTokens } from "./format.js"

/** What a limit is spent in: dollars, tokens, or both when both are limited. */
function amounts(spend: BudgetSpend, limit: BudgetLimit): { spent: string; limit: string } {
	const parts = [
		limit.maxCost === undefined ? undefined : [formatCost(spend.cost), formatCost(limit.maxCost)],
		limit.maxTokens === undefined
			? undefined
			: [formatTokens(spend.tokens), formatTokens(limit.maxTokens)].map((n) =>
					t("budget.tokens", { n }),
				),
	].filter((part) => part !== undefined)
	return { spent: parts.map(([spent]) => spent).join(", "), limit: parts.map(([, max]) => max).join(", ") }
}

/**
 * A `budget_notice` or `budget_reached` payload as one line in the person's language ("the task's
 * budget is spent: $0.02 of $0.01"); the raw text when it is not one.
 */
export function budgetLine(text: string | undefined, reached: boolean): string {
	const parsed = safeParseJson(budgetStatusSchema, text ?? "")
	return parsed.success ? budgetStatusLine(parsed.data, reached) : (text ?? "")
}

export function budgetStatusLine(
	{ scope, spent, limit, profile, switchedTo }: BudgetStatus,
	reached: boolean,
): string {
	const budget = t(`budget.${scope}`, { profile: profile ?? "" })
	if (switchedTo !== undefined)
		return t("budget.switched", { budget, ...amounts(spent, limit), profile: switchedTo })
	return t(reached ? "budget.reached" : "budget.near", { budget, ...amounts(spent, limit) })
}
