import { z } from "zod"

/**
 * The JSON in `text` of a `hook` say: what a tool hook did around one tool call (seed 004).
 * `hook` names the hook: a built-in governance hook, or the command of a user hook.
 */
const about = { hook: z.string(), toolName: z.string() }

export const clineSayHookSchema = z.discriminatedUnion("kind", [
	/** Context a hook added to the model's context before the tool ran (e.g. `<intent_context>`). */
	z.object({
		kind: z.literal("context"),
		...about,
		context: z.string(),
		/** Set when the context comes with selecting this intent: from here on it is the active one. */
		intentId: z.string().optional(),
		intentName: z.string().optional(),
	}),
	/** A hook stopped the tool; the model was told `reason` as a structured error. */
	z.object({
		kind: z.literal("blocked"),
		...about,
		reason: z.string(),
		intentId: z.string().optional(),
		path: z.string().optional(),
	}),
	/** A hook could not do its job (it failed to start, crashed or timed out); the tool went on. */
	z.object({ kind: z.literal("failed"), ...about, error: z.string() }),
	/** The workspace's own hooks were not run: the person has not agreed to that file's content. */
	z.object({ kind: z.literal("notRun"), ...about, reason: z.string() }),
	/** The active intent stopped being IN_PROGRESS (or disappeared): no intent is active any more. */
	z.object({ kind: z.literal("intentEnded"), intentId: z.string(), reason: z.string() }),
])
export type ClineSayHook = z.infer<typeof clineSayHookSchema>
