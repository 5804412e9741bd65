import { z } from "zod"
import type { ClineMessage } from "../message/clineMessage.js"

/**
 * Where the task's API history stood at a moment of the transcript: how many messages it held,
 * and, when the last one was the person's (it can still grow after a cancel), how many blocks
 * it had. Rewinding the task to that moment cuts the history back to exactly this.
 */
export const historyPointSchema = z.object({
	messages: z.number().int().nonnegative(),
	lastUserBlocks: z.number().int().nonnegative().optional(),
})
export type HistoryPoint = z.infer<typeof historyPointSchema>

/** A shadow-repository commit id (git's 40 hex digits). */
export const checkpointCommitSchema = z.string().regex(/^[0-9a-f]{40}$/, "a checkpoint id is 40 hex digits")

/** What a restore did to the workspace, path by path (workspace-relative, `/`-separated). */
export const restoreReportSchema = z.object({
	/** The checkpoint the files were restored to. */
	restoredTo: checkpointCommitSchema,
	/** Files written back to the checkpoint's content (changed since, or deleted since). */
	written: z.array(z.string()),
	/** Files removed because they did not exist at the checkpoint. */
	removed: z.array(z.string()),
	/** Paths left alone, and why (ignored now, a nested repository, too large, outside the workspace). */
	skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
	/** The task was rewound too: the rewound messages are kept in the task's `rewound` folder. */
	taskRewound: z.boolean(),
})
export type RestoreReport = z.infer<typeof restoreReportSchema>

/**
 * The `checkpoint` field of a `checkpoint_saved` row (its `text` is the commit id):
 * - `taskStart`: the workspace as the task found it;
 * - `beforeChange`: before the first tool call of a turn that could change files;
 * - `beforeRestore`: the workspace just before a restore, so the restore itself can be undone;
 *   `restore` says what that restore did.
 */
export const checkpointSavedSchema = z.object({
	commit: checkpointCommitSchema,
	reason: z.enum(["taskStart", "beforeChange", "beforeRestore"]),
	history: historyPointSchema,
	restore: restoreReportSchema.optional(),
})
export type CheckpointSaved = z.infer<typeof checkpointSavedSchema>

/** The `checkpoint` field of a person's message (the task or feedback): where it entered the API history. */
export const personMessageMarkSchema = z.object({ history: historyPointSchema })
export type PersonMessageMark = z.infer<typeof personMessageMarkSchema>

/** The checkpoint a `checkpoint_saved` row records, or undefined for any other row (or a damaged one). */
export function checkpointOf(message: ClineMessage): CheckpointSaved | undefined {
	if (message.type !== "say" || message.say !== "checkpoint_saved") return undefined
	const parsed = checkpointSavedSchema.safeParse(message.checkpoint)
	return parsed.success ? parsed.data : undefined
}

/** Where a person's message entered the API history, or undefined when it is not one the person can edit or delete. */
export function personMessageMark(message: ClineMessage): PersonMessageMark | undefined {
	if (message.type !== "say" || message.checkpoint === undefined) return undefined
	if (message.say !== "text" && message.say !== "user_feedback") return undefined
	const parsed = personMessageMarkSchema.safeParse(message.checkpoint)
	return parsed.success ? parsed.data : undefined
}

/**
 * The checkpoint whose files are the workspace as it was when `messageTs` was sent: the first
 * one saved after it (each is saved before anything changes files), or undefined when nothing
 * has changed files since (no checkpoint follows it).
 */
export function checkpointAfter(
	messages: readonly ClineMessage[],
	messageTs: number,
): { ts: number; checkpoint: CheckpointSaved } | undefined {
	for (const message of messages) {
		if (message.ts <= messageTs) continue
		const checkpoint = checkpointOf(message)
		if (checkpoint !== undefined && checkpoint.reason !== "beforeRestore")
			return { ts: message.ts, checkpoint }
	}
	return undefined
}
