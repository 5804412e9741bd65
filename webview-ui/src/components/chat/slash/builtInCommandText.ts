import type { ModeView, SlashCommandView } from "@cairn/types"
import type { TFunction } from "i18next"

// The commands Cairn answers itself (packages/core's builtInCommands): the host sends their
// English words for the CLI; the webview words them in its own language.
const builtIns = ["new", "mode", "condense"] as const
type BuiltIn = (typeof builtIns)[number]
const isBuiltIn = (command: SlashCommandView): command is SlashCommandView & { name: BuiltIn } =>
	command.source === "builtin" && (builtIns as readonly string[]).includes(command.name)

/** The command as the menu shows it: a built-in one's description and argument hint translated. */
export function inLanguage(
	command: SlashCommandView,
	modes: readonly Pick<ModeView, "slug">[],
	t: TFunction<"chat">,
): SlashCommandView {
	if (!isBuiltIn(command)) return command
	const slugs = modes.map((mode) => mode.slug).join(", ")
	return {
		...command,
		description: t(`slash.builtin.${command.name}.description`, { modes: slugs }),
		...(command.argumentHint !== undefined && { argumentHint: t(`slash.builtin.${command.name}.hint`) }),
	}
}
