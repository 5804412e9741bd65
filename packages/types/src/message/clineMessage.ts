import { z } from "zod"
import { clineAskSchema } from "./clineAsk.js"
import { clineSaySchema } from "./clineSay.js"
import { noticeSchema } from "./notice.js"
import { problemSchema } from "./problem.js"

/** A short status a running tool shows on its row (a spinner label, a percentage). */
export const toolProgressStatusSchema = z.object({
	icon: z.string().optional(),
	text: z.string().optional(),
})
export type ToolProgressStatus = z.infer<typeof toolProgressStatusSchema>

/** The outcome of condensing the conversation to fit the context window. */
export const contextCondenseSchema = z.object({
	cost: z.number(),
	prevContextTokens: z.number().int().nonnegative(),
	newContextTokens: z.number().int().nonnegative(),
	summary: z.string(),
})
export type ContextCondense = z.infer<typeof contextCondenseSchema>

/**
 * How a tool call's row ended, so it never keeps saying "wants to" once decided: the person
 * approved or rejected it, the settings approved it, it failed after approval, the request
 * carrying it was cancelled by the person or cut off (interrupted) before the call was complete,
 * or it was skipped (an earlier call of the turn was rejected).
 */
export const toolOutcomeSchema = z.enum([
	"approved",
	"rejected",
	"auto_approved",
	"failed",
	"cancelled",
	"interrupted",
	"skipped",
])
export type ToolOutcome = z.infer<typeof toolOutcomeSchema>

/** How a command ended, on its output row. */
export const commandExitSchema = z.object({
	exitCode: z.number().int().optional(),
	signal: z.string().optional(),
	timedOut: z.boolean().optional(),
	/** The task was cancelled, or the person stopped the command. */
	stopped: z.boolean().optional(),
	/** The person let the agent go on while the command kept running. */
	proceeded: z.boolean().optional(),
})
export type CommandExitInfo = z.infer<typeof commandExitSchema>

/**
 * One row of a task's transcript. `ts` identifies the message: updates of the same message
 * (streaming, a finished request's cost) keep its `ts`, which is why deltas upsert by it.
 */
export const clineMessageSchema = z
	.object({
		ts: z.number(),
		type: z.enum(["ask", "say"]),
		ask: clineAskSchema.optional(),
		say: clineSaySchema.optional(),
		text: z.string().optional(),
		images: z.array(z.string()).optional(),
		partial: z.boolean().optional(),
		reasoning: z.string().optional(),
		conversationHistoryIndex: z.number().int().optional(),
		checkpoint: z.record(z.string(), z.unknown()).optional(),
		progressStatus: toolProgressStatusSchema.optional(),
		contextCondense: contextCondenseSchema.optional(),
		isProtected: z.boolean().optional(),
		outcome: toolOutcomeSchema.optional(),
		commandExit: commandExitSchema.optional(),
		/** A followup question answered with one of its suggestions: which one (0-based). */
		chosenSuggestion: z.number().int().nonnegative().optional(),
		/** An error row's cause as a kind and parameters, so each client words it in its language. */
		problem: problemSchema.optional(),
		/** A notice row's meaning as a kind and parameters, so each client words it in its language. */
		notice: noticeSchema.optional(),
		/**
		 * A person's message: its mentions whose content could not be included (as typed, e.g.
		 * "@git-changes"); the model was told why, and the row tells the person.
		 */
		mentionsLeftOut: z.array(z.string()).optional(),
	})
	.refine((m) => (m.type === "ask" ? m.ask !== undefined : m.say !== undefined), {
		message: "an ask message needs `ask`, a say message needs `say`",
	})
export type ClineMessage = z.infer<typeof clineMessageSchema>
