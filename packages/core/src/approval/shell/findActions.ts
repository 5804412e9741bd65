import type { WordValue } from "./shellWords.js"

/** find's actions that run the command after them on what it finds. */
const runningActions = new Set(["-exec", "-execdir", "-ok", "-okdir"])

/** Where find puts the name of what it found: only known when it runs. */
export const foundName: WordValue = { kind: "dynamic", source: "{}" }

/**
 * The commands `find … -exec cmd {} ;` (and `-execdir`, `-ok`, `-okdir`, `+` endings) would run,
 * and find's own arguments without them, so rules judge `cmd` as they judge any program.
 */
export function findActions(
	args: WordValue[],
): { findArgs: WordValue[]; commands: WordValue[][] } | { notUnderstood: string } {
	const findArgs: WordValue[] = []
	const commands: WordValue[][] = []
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as WordValue
		if (arg.kind !== "literal" || !runningActions.has(arg.text)) {
			findArgs.push(arg)
			continue
		}
		const command: WordValue[] = []
		let ended = false
		for (i++; i < args.length; i++) {
			const word = args[i] as WordValue
			if (word.kind === "literal" && (word.text === ";" || (word.text === "+" && command.length > 0))) {
				ended = true
				break
			}
			// `{}` anywhere in a word is replaced by the name found.
			command.push(word.kind !== "dynamic" && word.text.includes("{}") ? foundName : word)
		}
		if (!ended || command.length === 0)
			return { notUnderstood: `find's ${arg.text} has no command ending in ";" or "+"` }
		commands.push(command)
	}
	return { findArgs, commands }
}
