import { z } from "zod"
import { clineMessageSchema } from "../message/clineMessage.js"
import { taskIdSchema } from "./limits.js"
import { pageAnchorSchema } from "./messagePages.js"

/** A search is a few words typed into the find bar, not a document. */
export const maxTaskSearchLength = 200
/** Results one search returns at most; the rest are counted as `truncated`. */
export const maxTaskSearchResults = 100

const requestIdSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)

/**
 * Client -> host: a page of a task's messages, and a search over all of them. Both name the
 * task, so an answer that arrives after the person switched tasks is recognised and dropped.
 */
export const pagingRequestSchemas = [
	/** The host answers with `messagePage`. */
	z.object({ type: z.literal("requestMessagePage"), taskId: taskIdSchema, anchor: pageAnchorSchema }),
	/** Case-insensitive text search over the whole task; the host answers with `taskSearchResults`. */
	z.object({
		type: z.literal("searchTaskMessages"),
		taskId: taskIdSchema,
		requestId: requestIdSchema,
		query: z
			.string()
			.trim()
			.min(1, "type something to search for")
			.max(maxTaskSearchLength, `a search is at most ${maxTaskSearchLength} characters`),
	}),
] as const

/** Host -> client: the answers. */
export const pagingAnswerSchemas = [
	/** The page `anchor` asked for, and how many of the task's messages lie on either side of it. */
	z.object({
		type: z.literal("messagePage"),
		taskId: z.string(),
		anchor: pageAnchorSchema,
		messages: z.array(clineMessageSchema),
		olderMessages: z.number().int().nonnegative(),
		newerMessages: z.number().int().nonnegative(),
	}),
	/** Matching messages in ts order, each with a snippet around its first match. */
	z.object({
		type: z.literal("taskSearchResults"),
		taskId: z.string(),
		requestId: z.number(),
		query: z.string(),
		results: z.array(z.object({ ts: z.number(), snippet: z.string() })),
		/** More messages matched than `results` holds. */
		truncated: z.boolean(),
	}),
] as const
