import { z } from "zod"
import { clineMessageSchema } from "../message/clineMessage.js"
import { taskIdSchema } from "../webview/limits.js"

/**
 * Where a card's task is, as the board filters by it:
 * - `queued`: started, waiting for a free place under the concurrency limit;
 * - `blocked`: linked to another card, waiting for it to finish (or land);
 * - `running`: its loop is working;
 * - `waiting`: it waits for the person (an approval, a question); `waitingOn` says what;
 * - `interrupted`: it stopped part way (cancelled, the editor or CLI died) and can be resumed;
 * - `done`: it finished (attempt_completion) and its work waits to be reviewed;
 * - `failed`: it stopped on an error it cannot go on from without the person;
 * - `landed`: its work is in the person's branch (merged, applied or pushed as a pull request);
 * - `discarded`: its worktree was removed without landing.
 */
export const taskCardStates = [
	"queued",
	"blocked",
	"running",
	"waiting",
	"interrupted",
	"done",
	"failed",
	"landed",
	"discarded",
] as const
export const taskCardStateSchema = z.enum(taskCardStates)
export type TaskCardState = z.infer<typeof taskCardStateSchema>

/** The git worktree a task works in: its own branch, made from `base`. */
export const cardWorktreeSchema = z.object({
	/** The worktree's name, unique per repository (`cairn/<name>` is its branch by default). */
	name: z.string().min(1),
	branch: z.string().min(1),
	/** The commit (or branch) it was made from, as the person chose it. */
	base: z.string().min(1),
	/** Absolute path of the worktree's folder. */
	path: z.string().min(1),
	/** Its index among this repository's worktrees, for ports (`CAIRN_WORKTREE_INDEX`). */
	index: z.number().int().nonnegative(),
	/** Bytes the worktree's own files take on disk (linked folders not counted); absent until measured. */
	diskBytes: z.number().int().nonnegative().optional(),
	/**
	 * The repository's setup (`.cairn/worktree.json`) when it did not run as written: the person did
	 * not agree to it (`notAllowed`), the file is `invalid`, or it `failed` (with the setup command's
	 * exit code when it ended with one). Absent when it ran, or the repository has none.
	 */
	setup: z
		.object({
			outcome: z.enum(["notAllowed", "invalid", "failed"]),
			exitCode: z.number().int().optional(),
		})
		.optional(),
})
export type CardWorktree = z.infer<typeof cardWorktreeSchema>

/** What the task changed against its base (its worktree, or the workspace since the task began). */
export const cardChangesSchema = z.object({
	files: z.number().int().nonnegative(),
	added: z.number().int().nonnegative(),
	removed: z.number().int().nonnegative(),
})
export type CardChanges = z.infer<typeof cardChangesSchema>

/** The latest "run checks" of a card: the repository's test command, run in the worktree. */
export const cardChecksSchema = z.object({
	state: z.enum(["running", "passed", "failed"]),
	command: z.string(),
	/** The last lines of the output, for the card and the compare view. */
	tail: z.string().optional(),
	durationMs: z.number().nonnegative().optional(),
})
export type CardChecks = z.infer<typeof cardChecksSchema>

/** How a card's work was (or is being) landed. */
export const landingSchema = z.object({
	how: z.enum(["merge", "apply", "pullRequest"]),
	/** Files left with conflict markers for the person (a merge or apply that did not go cleanly). */
	conflicts: z.array(z.string()).optional(),
	/** The pull request, or the compare page to open one, after a push. */
	url: z.string().optional(),
})
export type Landing = z.infer<typeof landingSchema>

/**
 * One task on the board. The host computes it from the task's own ledger, state and worktree and
 * sends it whole whenever it changes (a card is small); clients never scan a transcript for it.
 */
export const taskCardSchema = z.object({
	taskId: taskIdSchema,
	/** The task as asked, cut short. */
	title: z.string(),
	mode: z.string(),
	/** The provider profile and model it talks to. */
	profileName: z.string().optional(),
	modelId: z.string().optional(),
	state: taskCardStateSchema,
	/** When it was created, and when it last stopped running (absent while it runs): elapsed time. */
	createdAt: z.number(),
	endedAt: z.number().optional(),
	/** What the task has cost so far, in USD (its subtasks' included). */
	cost: z.number().nonnegative(),
	/** The part of `cost` its subtasks spent; they have cards of their own. */
	subtasksCost: z.number().nonnegative().optional(),
	changes: cardChangesSchema.optional(),
	worktree: cardWorktreeSchema.optional(),
	/** The ask it waits on (state `waiting`): a client shows its text and buttons on the card. */
	waitingOn: clineMessageSchema.optional(),
	/** A linked card: this one starts when that task finishes (`done`) or lands (`landed`). */
	after: z.object({ taskId: taskIdSchema, until: z.enum(["done", "landed"]) }).optional(),
	/** Best of N: the cards started from one prompt share a group id. */
	group: z.string().optional(),
	checks: cardChecksSchema.optional(),
	landing: landingSchema.optional(),
	/** Why it failed, in a sentence. */
	error: z.string().optional(),
	/** It runs in another process (another window, a CLI): shown, but answered there. */
	elsewhere: z.boolean().optional(),
})
export type TaskCard = z.infer<typeof taskCardSchema>

/** States in which the card needs the person (the badge counts these). */
export const cardNeedsPerson = (card: TaskCard): boolean =>
	card.state === "waiting" || card.state === "failed"

/**
 * What the tasks on the board cost together: each card's own spending, so a subtask, whose card
 * is on the board beside its parent's, counts once.
 */
export function boardTotal(cards: Iterable<TaskCard>): number {
	let total = 0
	for (const card of cards) total += card.cost - (card.subtasksCost ?? 0)
	return total
}
