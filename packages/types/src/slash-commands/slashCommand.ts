import { z } from "zod"
import { commandFileProblemSchema } from "./commandFileProblem.js"

export const maxCommandNameLength = 64

const namePattern = "[a-z0-9][a-z0-9_-]*"

/**
 * A command's name is what follows the `/`: a custom command's file name without `.md` (a file in a
 * subfolder of `.claude/commands` too: the folder is its namespace, not part of its name). Lowercase
 * letters, digits, `-` and `_` only, so a name reads the same on every file system and in a menu.
 */
export const slashCommandNameSchema = z
	.string()
	.min(1, "a command name is empty")
	.max(maxCommandNameLength, `a command name is at most ${maxCommandNameLength} characters`)
	.regex(
		new RegExp(`^${namePattern}$`),
		"a command name is lowercase letters, digits, '-' and '_', starting with a letter or digit",
	)

/** Where a command comes from: Cairn itself, the person's own commands folder, or the workspace's `.cairn/commands/`. */
export const slashCommandSourceSchema = z.enum(["builtin", "global", "project"])
export type SlashCommandSource = z.infer<typeof slashCommandSourceSchema>

/** A command as clients list it (the chat box's menu, `cairn commands list`). */
export const slashCommandViewSchema = z.object({
	name: slashCommandNameSchema,
	/** One line for the menu; empty when the file gives none. */
	description: z.string(),
	/** What to type after the name, e.g. `<file or folder>`; shown while the person types it. */
	argumentHint: z.string().optional(),
	source: slashCommandSourceSchema,
	/** The file a custom command is read from (the workspace's relative to it, the person's in full). */
	file: z.string().optional(),
	/**
	 * The subfolder of `.claude/commands` the command's file is in (`frontend` for
	 * `.claude/commands/frontend/component.md`, which is `/component`): shown beside its source,
	 * `project:frontend`, as Claude Code shows it.
	 */
	namespace: z.string().optional(),
	/** The source of a command of the same name that this one hides (a project command over a global one). */
	overrides: slashCommandSourceSchema.optional(),
	/**
	 * Other tools' command files of the same name this one hides (`.claude/commands/review.md`):
	 * Cairn's own commands win, then Roo's, Claude Code's and Cline's in that order.
	 */
	shadows: z.array(z.string()).optional(),
})
export type SlashCommandView = z.infer<typeof slashCommandViewSchema>

/** Every command there is, and why each command file that was left out was. */
export const slashCommandsSnapshotSchema = z.object({
	commands: z.array(slashCommandViewSchema),
	problems: z.array(commandFileProblemSchema),
})
export type SlashCommandsSnapshot = z.infer<typeof slashCommandsSnapshotSchema>

/** `/name rest` as typed: the command's name and what follows it. */
export interface SlashInvocation {
	name: string
	/** What follows the name, trimmed; empty when nothing does. */
	args: string
}

const invocationPattern = new RegExp(`^/(${namePattern})(?:\\s+([\\s\\S]*))?$`)

/**
 * The command a message starts with, if it starts with one: a `/`, a well-formed name, then
 * whitespace or the end. `/usr/bin/env` is no invocation (a `/` follows the name), so a typed
 * path is never taken for a command. Whether the name is a known command is the caller's business.
 */
export function slashInvocation(text: string): SlashInvocation | undefined {
	const match = invocationPattern.exec(text.trimStart())
	if (match === null) return undefined
	const name = match[1] ?? ""
	if (!slashCommandNameSchema.safeParse(name).success) return undefined
	return { name, args: (match[2] ?? "").trim() }
}
