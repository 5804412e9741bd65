import { z } from "zod"

/** The tool events a user hook can run on (the names Claude Code and Copilot users know). */
export const userHookEvents = ["PreToolUse", "PostToolUse"] as const
export type UserHookEvent = (typeof userHookEvents)[number]

/** Seconds a hook may run before it is killed and reported as failed. */
export const defaultUserHookTimeoutSec = 60

/** A shell command that gets the event as JSON on stdin. */
export const userHookCommandSchema = z
	.object({
		type: z.literal("command").default("command"),
		command: z.string().trim().min(1),
		/** Seconds; the hook is killed (and reported) after this long. */
		timeout: z.number().positive().max(600).default(defaultUserHookTimeoutSec),
		/**
		 * false runs the hook outside the command sandbox. Honoured only in the person's own
		 * settings: a repository's hooks file that sets it is refused.
		 */
		sandbox: z.boolean().optional(),
	})
	.strict()
export type UserHookCommand = z.infer<typeof userHookCommandSchema>

function isRegExp(source: string): boolean {
	try {
		new RegExp(source)
		return true
	} catch {
		return false
	}
}

/**
 * Which tools a group of hooks runs for: a regular expression over the whole tool name
 * (`execute_command`, `write_to_file|apply_diff`); empty or `*` means every tool.
 */
export const userHookMatcherSchema = z
	.object({
		matcher: z
			.string()
			.default("")
			.refine((m) => m === "*" || isRegExp(m), { message: "not a valid regular expression" }),
		hooks: z.array(userHookCommandSchema).min(1),
	})
	.strict()
export type UserHookMatcher = z.infer<typeof userHookMatcherSchema>

/** The hooks of `.cairn/hooks.json` (under its `hooks` key) and of the `hooks` setting. */
export const userHooksSchema = z
	.object({
		PreToolUse: z.array(userHookMatcherSchema).default([]),
		PostToolUse: z.array(userHookMatcherSchema).default([]),
	})
	.strict()
export type UserHooks = z.infer<typeof userHooksSchema>

/** Whether a hook group applies to `toolName`. */
export function userHookMatches(matcher: string, toolName: string): boolean {
	if (matcher === "" || matcher === "*") return true
	return new RegExp(`^(?:${matcher})$`).test(toolName)
}
