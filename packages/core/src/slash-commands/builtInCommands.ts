import type { SlashCommandView } from "@cairn/types"

/** The commands Cairn itself answers: they act in the chat rather than reach the model. */
export const builtInCommandNames = ["new", "mode", "condense"] as const
export type BuiltInCommandName = (typeof builtInCommandNames)[number]

export const isBuiltInCommand = (name: string): name is BuiltInCommandName =>
	(builtInCommandNames as readonly string[]).includes(name)

/**
 * The built-in commands as the menu lists them. One `/mode <slug>` rather than a command per mode:
 * custom modes come and go with their files, and a mode's slug could otherwise clash with a
 * command file's name. The description lists the modes there are now.
 */
export function builtInCommandViews(modeSlugs: readonly string[]): SlashCommandView[] {
	return [
		{
			name: "new",
			description: "Start a new task; the text after it is the task",
			argumentHint: "[task]",
			source: "builtin",
		},
		{
			name: "mode",
			description: `Switch the mode (${modeSlugs.join(", ")}); text after it is sent in the new mode`,
			argumentHint: "<mode> [message]",
			source: "builtin",
		},
		{
			name: "condense",
			description: "Condense the task's context now; text after it is sent afterwards",
			argumentHint: "[message]",
			source: "builtin",
		},
	]
}
