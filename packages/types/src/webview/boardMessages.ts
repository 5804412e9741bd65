import { z } from "zod"
import { clineAskResponseSchema } from "../message/askResponse.js"
import { profileIdSchema } from "../settings/profiles.js"
import { taskCardSchema } from "../board/taskCard.js"
import { imagesSchema, taskIdSchema, userTextSchema } from "./limits.js"

/** A branch or commit name a client may pass on to git: never an option, never a range. */
export const gitRefSchema = z
	.string()
	.min(1)
	.max(250)
	.regex(/^(?!-)[A-Za-z0-9._/@^~-]+$/, "a branch or commit name is letters, digits and . _ / @ ^ ~ -")
	.refine((ref) => !ref.includes(".."), "a branch or commit name has no '..'")

/** A worktree's name: one path segment, safe as a folder and a branch. */
export const worktreeNameSchema = z
	.string()
	.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "a worktree name is 1-64 letters, digits, '.', '_' or '-'")

/** Where a started task works: in place (the open workspace), or in a new worktree of it. */
export const taskPlaceSchema = z.discriminatedUnion("kind", [
	z.object({ kind: z.literal("inPlace") }),
	z.object({
		kind: z.literal("worktree"),
		/** The branch or commit to start from; the workspace's HEAD when absent. */
		base: gitRefSchema.optional(),
		name: worktreeNameSchema.optional(),
	}),
])
export type TaskPlace = z.infer<typeof taskPlaceSchema>

/** Client -> host: the board. */
export const boardRequestSchemas = [
	/** Every card (running and recent); the host answers with `taskBoard`, then sends `taskCardUpdated` deltas. */
	z.object({ type: z.literal("requestTaskBoard") }),
	/**
	 * Start a task from the board, in place or in a worktree. `profileIds` (2-4) starts one card per
	 * profile from the same prompt, each in its own worktree (best of N). `after` links it: it starts
	 * when that task is done (or landed), with that task's result given to it.
	 */
	z.object({
		type: z.literal("startBoardTask"),
		text: userTextSchema.min(1, "the task is empty"),
		images: imagesSchema.optional(),
		place: taskPlaceSchema,
		mode: z.string().min(1).max(100).optional(),
		profileIds: z.array(profileIdSchema).min(2).max(4).optional(),
		after: z.object({ taskId: taskIdSchema, until: z.enum(["done", "landed"]) }).optional(),
	}),
	/** Answer the ask a card waits on (`ts`: the ask's, so a stale click answers nothing). */
	z.object({
		type: z.literal("answerCard"),
		taskId: taskIdSchema,
		ts: z.number().int().positive(),
		askResponse: clineAskResponseSchema,
		text: userTextSchema.optional(),
	}),
	/**
	 * Open the edit the card's task waits on in the editor's diff view: a task the chat does not
	 * show keeps its proposed edits out of the editor until the person asks (or opens its chat).
	 */
	z.object({ type: z.literal("showCardEdit"), taskId: taskIdSchema }),
	/** Stop a card's task (it can be resumed). */
	z.object({ type: z.literal("cancelCard"), taskId: taskIdSchema }),
	/** Resume an interrupted card's task where it stopped. */
	z.object({ type: z.literal("resumeCard"), taskId: taskIdSchema }),
	/** Show the card's diff against its base (the editor's multi-diff; the host answers with `cardDiff`). */
	z.object({ type: z.literal("reviewCard"), taskId: taskIdSchema }),
	/**
	 * Make the workspace folder a git repository (`git init`, nothing committed), so that once its
	 * files are committed tasks can work in worktrees; offered where it is in none.
	 */
	z.object({ type: z.literal("initRepository") }),
	/** Run the repository's test command in the card's worktree. */
	z.object({ type: z.literal("runCardChecks"), taskId: taskIdSchema }),
	/** Land the card's work: merge its branch, apply it as uncommitted changes, or push it and open a pull request. */
	z.object({
		type: z.literal("landCard"),
		taskId: taskIdSchema,
		how: z.enum(["merge", "apply", "pullRequest"]),
	}),
	/**
	 * Remove the card's worktree and branch without landing. When it holds work that is not landed,
	 * committed or pushed, the host refuses and answers `discardNeedsConfirmation` naming it; the
	 * client asks the person and sends again with `confirmedLoss` set to exactly those names.
	 */
	z.object({
		type: z.literal("discardCard"),
		taskId: taskIdSchema,
		confirmedLoss: z.array(z.string().max(4096)).max(10_000).optional(),
	}),
] as const

/** Host -> client: the board. */
export const boardAnswerSchemas = [
	/** Every card, newest first; `running` and `limit` say how full the concurrency limit is. */
	z.object({
		type: z.literal("taskBoard"),
		cards: z.array(taskCardSchema),
		running: z.number().int().nonnegative(),
		limit: z.number().int().positive(),
		/**
		 * Why tasks cannot get worktrees here, in a sentence; absent where they can.
		 * `notARepository`: the folder is in no git repository, so `initRepository` is offered.
		 */
		worktreesUnavailable: z.object({ reason: z.string(), notARepository: z.boolean() }).optional(),
	}),
	/** One card changed (or appeared): upsert it by `taskId`. */
	z.object({ type: z.literal("taskCardUpdated"), card: taskCardSchema }),
	z.object({ type: z.literal("taskCardRemoved"), taskId: z.string() }),
	/** The card's change against its base, for clients without a diff view. */
	z.object({
		type: z.literal("cardDiff"),
		taskId: z.string(),
		base: z.string(),
		files: z.array(
			z.object({
				path: z.string(),
				change: z.enum(["added", "modified", "deleted", "renamed"]),
				added: z.number().int().nonnegative(),
				removed: z.number().int().nonnegative(),
				binary: z.boolean(),
			}),
		),
		patch: z.string(),
	}),
	/** Discarding would lose this work: uncommitted files, and commits on no other branch or remote. */
	z.object({
		type: z.literal("discardNeedsConfirmation"),
		taskId: z.string(),
		loss: z.array(z.string()),
	}),
] as const
