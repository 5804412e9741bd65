import { z } from "zod"
import { cardWorktreeSchema, landingSchema } from "../board/taskCard.js"
import { spentSchema } from "../ledger/spent.js"

export const taskStatuses = ["active", "completed", "aborted"] as const
export const taskStatusSchema = z.enum(taskStatuses)
export type TaskStatus = z.infer<typeof taskStatusSchema>

/** One task as the history list shows it: enough to list, search and reopen without its journal. */
export const historyItemSchema = z.object({
	id: z.string().min(1),
	/** Position in the workspace's history, counted from 1, for people to refer to. */
	number: z.number().int().positive().optional(),
	ts: z.number(),
	task: z.string(),
	tokensIn: z.number().nonnegative(),
	tokensOut: z.number().nonnegative(),
	cacheWrites: z.number().nonnegative().optional(),
	cacheReads: z.number().nonnegative().optional(),
	totalCost: z.number().nonnegative(),
	/** The ledger's figures past the counts above (which are its totals, subtasks included). */
	requests: z.number().int().nonnegative().optional(),
	reasoningTokens: z.number().nonnegative().optional(),
	/** Requests whose price is unknown: `totalCost` lacks them. */
	unpricedRequests: z.number().int().nonnegative().optional(),
	/** What its subtasks spent, part of the totals above. */
	subtasks: spentSchema.optional(),
	/** Bytes on disk. */
	size: z.number().int().nonnegative().optional(),
	workspace: z.string().optional(),
	mode: z.string().optional(),
	status: taskStatusSchema.optional(),
	/** Set on a subtask: the task that started it (new_task), and the first task of its stack. */
	parentTaskId: z.string().optional(),
	rootTaskId: z.string().optional(),
	/**
	 * The subtask this task waits for, and its new_task call (answered with the subtask's result);
	 * null once the result came back. Kept on disk so a restart resumes the stack.
	 */
	awaitingChild: z
		.object({ taskId: z.string().min(1), toolUseId: z.string().min(1) })
		.nullable()
		.optional(),
	/** A subtask's starting checklist (new_task `todos`), as the parent wrote it. */
	initialTodos: z.string().optional(),
	/**
	 * Where the task works when it is not the workspace (its git worktree's folder), and the
	 * variables its commands get there (`CAIRN_WORKTREE_INDEX`, `PORT`): a resumed task works there again.
	 */
	root: z.string().optional(),
	rootEnv: z.record(z.string(), z.string()).optional(),
	worktree: cardWorktreeSchema.optional(),
	/** Best of N: the tasks started from one prompt share this id. */
	group: z.string().optional(),
	/** How its work was landed; or that its worktree was discarded without landing. */
	landing: landingSchema.optional(),
	discarded: z.boolean().optional(),
})
export type HistoryItem = z.infer<typeof historyItemSchema>
