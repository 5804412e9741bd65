import { z } from "zod"

/**
 * A spending limit: dollars, tokens (every token a request was billed for: input, output, cache
 * reads and writes), or both, the first one reached counting. Neither set means no limit.
 */
export const budgetLimitSchema = z.object({
	maxCost: z.number().positive().optional(),
	maxTokens: z.number().int().positive().optional(),
})
export type BudgetLimit = z.infer<typeof budgetLimitSchema>

/** What a budget holds: a task with its subtasks, tasks started together, or a profile's day. */
export const budgetScopes = ["task", "run", "day"] as const
export const budgetScopeSchema = z.enum(budgetScopes)
export type BudgetScope = z.infer<typeof budgetScopeSchema>

/**
 * A cheaper model for the rest of a task: once the task (its subtasks included) has spent
 * `atPercent` of its task budget, it goes on with the profile `profileId`, and its chat says so.
 */
export const budgetProfileSwitchSchema = z.object({
	profileId: z.string().min(1),
	atPercent: z.number().int().min(1).max(99),
})
export type BudgetProfileSwitch = z.infer<typeof budgetProfileSwitchSchema>

/**
 * The person's spending limits. `task` holds a task and its subtasks, `run` the tasks the board
 * starts together (Best of N), `day` each profile's spend from midnight in the person's time.
 */
export const budgetSettingsSchema = z.object({
	task: budgetLimitSchema.prefault({}),
	run: budgetLimitSchema.prefault({}),
	day: budgetLimitSchema.prefault({}),
	switchProfile: budgetProfileSwitchSchema.optional(),
})
export type BudgetSettings = z.infer<typeof budgetSettingsSchema>

/** What was spent in a budget. */
export const budgetSpendSchema = z.object({
	cost: z.number().nonnegative(),
	tokens: z.number().int().nonnegative(),
})
export type BudgetSpend = z.infer<typeof budgetSpendSchema>

/**
 * `budget_notice` say (80% of a limit) and `budget_reached` ask (all of it): which budget, what it
 * has spent and its limit (raised ones included), so a client words it in the person's language.
 */
export const budgetStatusSchema = z.object({
	scope: budgetScopeSchema,
	spent: budgetSpendSchema,
	limit: budgetLimitSchema,
	/** The profile a day's budget is for (its name). */
	profile: z.string().optional(),
	/** A `budget_notice` only: the task goes on with this cheaper profile (its name) from now on. */
	switchedTo: z.string().optional(),
})
export type BudgetStatus = z.infer<typeof budgetStatusSchema>
