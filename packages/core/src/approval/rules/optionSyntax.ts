/**
 * How a program reads its options, so one reading serves every spelling of an option: bundled
 * short options (`-xzf`), values glued on (`-t.git/hooks`, `-oFILE`), `--long=value` and
 * `--long value`, abbreviated long options (`--exp` for `--expression`, as getopt allows), and the
 * old style of tar and ar whose first word is a bundle without a dash (`tar xf a.tar`).
 */
export interface OptionSyntax {
	/** Short options that take a value: the rest of their word, else the next word. */
	valueLetters?: string
	/** Long options whose value may be the next word (`--file prog.awk`). */
	longWithValue?: string[]
	/** Options that are a single dash and a word (find's `-exec`, go's `-toolexec`, zip's `-TT`). */
	dashWords?: boolean
	/** The first argument is a bundle of letters even without its dash (tar, ar). */
	oldStyle?: boolean
	/** `--` does not end the options (find's expressions have no such word). */
	noEndMarker?: boolean
}

/** One option as the program reads it, however it was written. */
export interface ReadOption {
	/** `-x` or `--long`, as written (a long one may be abbreviated). */
	name: string
	value?: string
	/** Where it was written, in the arguments. */
	index: number
}

export interface ReadArguments {
	options: ReadOption[]
	/** Arguments that are not options nor their values, with where they were written. */
	operands: { text: string; index: number }[]
}

/** The options and operands of `args` (literal texts; `undefined` for a word known only when it runs). */
export function readArguments(args: (string | undefined)[], syntax: OptionSyntax): ReadArguments {
	const options: ReadOption[] = []
	const operands: ReadArguments["operands"] = []
	/** Value-taking letters of an old-style bundle take the following words in turn. */
	const waiting: ReadOption[] = []
	let optionsEnded = false
	for (let index = 0; index < args.length; index++) {
		const arg = args[index]
		if (arg === undefined) continue
		const waiter = waiting.shift()
		if (waiter) {
			waiter.value = arg
			continue
		}
		if (
			optionsEnded ||
			arg === "-" ||
			!(arg.startsWith("-") || (index === 0 && isOldStyle(arg, syntax)))
		) {
			operands.push({ text: arg, index })
			continue
		}
		if (arg === "--" && !syntax.noEndMarker) {
			optionsEnded = true
			continue
		}
		if (arg.startsWith("--") || syntax.dashWords) {
			const at = arg.indexOf("=")
			const name = at === -1 ? arg : arg.slice(0, at)
			if (at !== -1) options.push({ name, value: arg.slice(at + 1), index })
			else if (syntax.longWithValue?.includes(name) && index + 1 < args.length) {
				options.push({ name, value: args[index + 1], index })
				index++
			} else options.push({ name, index })
			continue
		}
		const letters = arg.startsWith("-") ? arg.slice(1) : arg
		const oldStyle = !arg.startsWith("-")
		for (let at = 0; at < letters.length; at++) {
			const letter = letters[at] as string
			const takesValue = syntax.valueLetters?.includes(letter) === true
			if (!takesValue) {
				options.push({ name: `-${letter}`, index })
				continue
			}
			if (oldStyle) {
				const option: ReadOption = { name: `-${letter}`, index }
				options.push(option)
				waiting.push(option)
				continue
			}
			const rest = letters.slice(at + 1)
			if (rest !== "") options.push({ name: `-${letter}`, value: rest, index })
			else if (index + 1 < args.length) {
				options.push({ name: `-${letter}`, value: args[index + 1], index })
				index++
			} else options.push({ name: `-${letter}`, index })
			break
		}
	}
	return { options, operands }
}

const isOldStyle = (arg: string, syntax: OptionSyntax) => syntax.oldStyle === true && /^[A-Za-z]+$/.test(arg)

/**
 * Whether `written` is the option `spelling`: the same, or (for long options) an abbreviation of
 * it, which getopt, git and npm all accept when no other option starts the same way. A risky
 * option is not made harmless by a shorter spelling, so any prefix of it counts.
 */
export function isSpellingOf(written: string, spelling: string): boolean {
	if (written === spelling) return true
	return (
		spelling.startsWith("--") &&
		written.startsWith("--") &&
		written.length > 2 &&
		spelling.startsWith(written)
	)
}
