import { z } from "zod"
import { activeIntentOf } from "../governance/activeIntent.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { currentTodos } from "../todos/currentTodos.js"
import { todoItemSchema } from "../todos/todoItem.js"
import { contextUsageOf, contextUsageSchema, noContextUsage } from "./contextUsage.js"
import { emptyTotals, taskTotalsSchema, totalsOf } from "./taskTotals.js"

/** The task's title as the header shows it; a pasted file as the first message is cut here. */
export const maxTaskTextLength = 2_000

/**
 * What a client shows about the WHOLE task while it holds only a page of its messages: the
 * host computes it once per task and sends it with the snapshot, and again with any delta
 * that changed it, so no client scans a transcript it does not have.
 */
export const taskSummarySchema = z.object({
	totals: taskTotalsSchema,
	context: contextUsageSchema,
	activeIntent: z.object({ id: z.string(), name: z.string().optional() }).optional(),
	todos: z
		.object({
			todos: z.array(todoItemSchema),
			by: z.enum(["model", "person"]),
			ts: z.number(),
		})
		.optional(),
	/** The first message's text (the task as asked), cut to maxTaskTextLength. */
	taskText: z.string().optional(),
})
export type TaskSummary = z.infer<typeof taskSummarySchema>

export const emptyTaskSummary: TaskSummary = Object.freeze({ totals: emptyTotals, context: noContextUsage })

/** The first message's text, as the summary carries it. */
export function taskTextOf(first: ClineMessage | undefined): string | undefined {
	return first?.text?.slice(0, maxTaskTextLength)
}

/** The summary of a whole transcript; one pass, done once per task (the host then updates it per delta). */
export function taskSummaryOf(messages: readonly ClineMessage[]): TaskSummary {
	const activeIntent = activeIntentOf(messages)
	const todos = currentTodos(messages)
	const taskText = taskTextOf(messages[0])
	return {
		totals: totalsOf(messages),
		context: contextUsageOf(messages),
		...(activeIntent && { activeIntent }),
		...(todos && { todos }),
		...(taskText !== undefined && { taskText }),
	}
}
