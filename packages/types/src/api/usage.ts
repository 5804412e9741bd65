import { z } from "zod"
import { spentSchema } from "../ledger/spent.js"
import { toolNameSchema } from "../tools/toolName.js"

/**
 * Tokens and money spent by a task so far (seed 002), as its ledger says: its subtasks' included.
 * The optional fields are the ledger's additions.
 */
export const tokenUsageSchema = z.object({
	totalTokensIn: z.number().nonnegative(),
	totalTokensOut: z.number().nonnegative(),
	totalCacheWrites: z.number().nonnegative().optional(),
	totalCacheReads: z.number().nonnegative().optional(),
	totalCost: z.number().nonnegative(),
	/** Tokens of the latest request's context: how full the window is. */
	contextTokens: z.number().nonnegative(),
	totalReasoningTokens: z.number().nonnegative().optional(),
	/** Requests that reached the provider, cancelled, failed and retried ones included. */
	requests: z.number().int().nonnegative().optional(),
	/** Requests whose price is unknown: `totalCost` lacks them. */
	unpricedRequests: z.number().int().nonnegative().optional(),
	/** The subtasks' part of the totals above, when the task started any. */
	subtasks: spentSchema.optional(),
	/** What each model spent. */
	byModel: z.record(z.string(), spentSchema).optional(),
})
export type TokenUsage = z.infer<typeof tokenUsageSchema>

export const emptyTokenUsage: TokenUsage = Object.freeze({
	totalTokensIn: 0,
	totalTokensOut: 0,
	totalCost: 0,
	contextTokens: 0,
})

/** Per tool: how often the model called it and how often that failed. Absent tools were not used. */
export const toolUsageSchema = z.partialRecord(
	toolNameSchema,
	z.object({ attempts: z.number().int().nonnegative(), failures: z.number().int().nonnegative() }),
)
export type ToolUsage = z.infer<typeof toolUsageSchema>
