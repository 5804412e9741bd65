import { spentSchema } from "@cairn/types"
import { z } from "zod"

/**
 * One line of a task's ledger journal. `request`: one request that reached a provider (`model` is
 * `provider/model id`; `context`: the tokens its window held, for a turn). `subtask`: a subtask's
 * whole spending so far (a later line for the same subtask replaces it). `carried`: what a task
 * saved before the ledger existed had spent, as its transcript's rows said.
 */
export const ledgerRecordSchema = z.discriminatedUnion("kind", [
	z.object({
		kind: z.literal("request"),
		model: z.string(),
		purpose: z.enum(["turn", "summary"]),
		spent: spentSchema,
		context: z.number().nonnegative().optional(),
	}),
	z.object({
		kind: z.literal("subtask"),
		taskId: z.string().min(1),
		spent: spentSchema,
		byModel: z.record(z.string(), spentSchema),
	}),
	z.object({ kind: z.literal("carried"), spent: spentSchema }),
])
export type LedgerRecord = z.infer<typeof ledgerRecordSchema>
