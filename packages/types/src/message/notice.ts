import { z } from "zod"

/**
 * A notice the task writes in a row (condensing, turns dropped to fit, repeated mistakes), as a
 * kind and its parameters: each client words it in the person's language, and the English `text`
 * beside it stays for logs, the stream and the CLI.
 */
export const noticeKindSchema = z.enum([
	/** Condensing asked for, but nothing was answered since the last condense. */
	"condense_nothing_new",
	/** Condensing asked for, but the conversation is only the task and the latest turn. */
	"condense_nothing_yet",
	"condensing",
	"condense_cancelled",
	/** The summarization request failed; `said` is its error. */
	"condense_failed",
	/** The summary would not have made the request smaller (`before` → `after` tokens). */
	"condense_not_smaller",
	/** `count` oldest messages were left out of requests (`before` → `after` tokens, of `window`). */
	"context_truncated",
	/** The model made mistakes several times in a row; the person gives guidance or lets it retry. */
	"mistake_limit",
])
export type NoticeKind = z.infer<typeof noticeKindSchema>

export const noticeSchema = z.object({
	kind: noticeKindSchema,
	params: z
		.object({
			count: z.number().int().nonnegative().optional(),
			/** Tokens of the request before and after the change. */
			before: z.number().nonnegative().optional(),
			after: z.number().nonnegative().optional(),
			/** The model's context window in tokens. */
			window: z.number().nonnegative().optional(),
			/** The words of what failed (an error's message), as they were said. */
			said: z.string().optional(),
		})
		.optional(),
})
export type Notice = z.infer<typeof noticeSchema>
