import type { WordValue } from "./shellWords.js"

/**
 * Programs that run another program given in their arguments. To judge `env touch x` the rules
 * must see `touch`, so each wrapper's own options are read off and the rest is the wrapped
 * command. An option a wrapper table does not know is not guessed at: the line is not understood.
 */
export type Unwrapped =
	/** `args[index]` is the wrapped program. */
	| { kind: "wraps"; index: number; assignments?: { name: string; value: string }[]; appendsArgs?: boolean }
	/** The wrapper runs nothing here (`command -v git`, `exec` with only redirections). */
	| { kind: "runsNothing" }
	| { kind: "notUnderstood"; reason: string }

interface OptionTable {
	/** Options that stand alone, e.g. `-p`. */
	flags: string[]
	/** Options followed by a value (`-n 5`, or `-n5`, or `--adjustment=5`). */
	withValue: string[]
	/** A leading positional argument that is not the command (timeout's duration). */
	positional?: number
}

const tables: Record<string, OptionTable> = {
	nice: { flags: [], withValue: ["-n", "--adjustment"] },
	nohup: { flags: [], withValue: [] },
	time: { flags: ["-p"], withValue: [] },
	timeout: {
		flags: ["--preserve-status", "--foreground", "-v", "--verbose"],
		withValue: ["-s", "--signal", "-k", "--kill-after"],
		positional: 1,
	},
	stdbuf: { flags: [], withValue: ["-i", "-o", "-e", "--input", "--output", "--error"] },
	ionice: { flags: ["-t"], withValue: ["-c", "-n", "--class", "--classdata"] },
	setsid: { flags: ["-f", "-w", "-c", "--fork", "--wait", "--ctty"], withValue: [] },
	builtin: { flags: [], withValue: [] },
	exec: { flags: ["-c", "-l"], withValue: ["-a"] },
	sudo: {
		flags: ["-E", "-H", "-n", "-S", "-k", "-P", "-b", "--preserve-env", "--non-interactive"],
		withValue: ["-u", "-g", "-U", "-C", "-D", "-h", "-p", "-r", "-t", "-T", "--user", "--group"],
	},
	doas: { flags: ["-n", "-s"], withValue: ["-u", "-C"] },
	xargs: {
		flags: ["-0", "-r", "-t", "-x", "--null", "--no-run-if-empty", "--verbose", "--exit"],
		withValue: [
			"-I",
			"-i",
			"-n",
			"-L",
			"-l",
			"-s",
			"-P",
			"-d",
			"-E",
			"-e",
			"-a",
			"--max-args",
			"--max-lines",
			"--max-chars",
			"--max-procs",
			"--delimiter",
			"--eof",
			"--arg-file",
			"--replace",
		],
	},
	coproc: { flags: [], withValue: [] },
}

/** Wrappers that run the wrapped program as another user: allowing the program is not enough. */
export const privilegedWrappers = new Set(["sudo", "doas"])

const literal = (word: WordValue | undefined) => (word?.kind === "literal" ? word.text : undefined)

function readOptions(args: WordValue[], table: OptionTable): Unwrapped {
	let i = 0
	let positional = table.positional ?? 0
	while (i < args.length) {
		const arg = literal(args[i])
		if (arg === undefined) return { kind: "notUnderstood", reason: "a wrapper's argument is only known when it runs" }
		if (arg === "--") {
			i++
			break
		}
		if (!arg.startsWith("-") || arg === "-") {
			if (positional > 0) {
				positional--
				i++
				continue
			}
			break
		}
		if (table.flags.includes(arg)) {
			i++
			continue
		}
		const [name] = arg.split("=", 1)
		const withValue = table.withValue.find(
			(option) =>
				option === name || (!option.startsWith("--") && arg.startsWith(option) && arg.length > option.length),
		)
		if (withValue !== undefined) {
			// `-n 5` takes the next word; `-n5` and `--adjustment=5` carry their value.
			i += arg === withValue ? 2 : 1
			continue
		}
		// `nice -10 cmd`: an old-style adjustment.
		if (/^-\d+$/.test(arg) && table === tables.nice) {
			i++
			continue
		}
		return { kind: "notUnderstood", reason: `the option "${arg}" of this wrapper is not understood` }
	}
	if (positional > 0 || i >= args.length) return { kind: "runsNothing" }
	return { kind: "wraps", index: i }
}

function unwrapEnv(args: WordValue[]): Unwrapped {
	const assignments: { name: string; value: string }[] = []
	let i = 0
	while (i < args.length) {
		const arg = literal(args[i])
		if (arg === undefined) return { kind: "notUnderstood", reason: "an argument of env is only known when it runs" }
		if (arg === "-i" || arg === "-" || arg === "--ignore-environment" || arg === "-0" || arg === "--null") {
			i++
		} else if (arg === "-u" || arg === "--unset" || arg === "-C" || arg === "--chdir") {
			i += 2
		} else if (arg.startsWith("--unset=") || arg.startsWith("--chdir=")) {
			i++
		} else if (arg === "--") {
			i++
		} else if (arg.startsWith("-")) {
			// -S splits a string into a new command line: that would be a second parse.
			return { kind: "notUnderstood", reason: `the env option "${arg}" is not understood` }
		} else if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(arg)) {
			const at = arg.indexOf("=")
			assignments.push({ name: arg.slice(0, at), value: arg.slice(at + 1) })
			i++
		} else break
	}
	if (i >= args.length) return { kind: "runsNothing" }
	return { kind: "wraps", index: i, assignments }
}

function unwrapCommand(args: WordValue[]): Unwrapped {
	let i = 0
	while (i < args.length) {
		const arg = literal(args[i])
		if (arg === undefined) return { kind: "notUnderstood", reason: "an argument of command is only known when it runs" }
		if (arg === "-v" || arg === "-V") return { kind: "runsNothing" } // only looks the name up
		if (arg === "-p" || arg === "--") i++
		else if (arg.startsWith("-")) return { kind: "notUnderstood", reason: `the option "${arg}" of command is not understood` }
		else break
	}
	return i >= args.length ? { kind: "runsNothing" } : { kind: "wraps", index: i }
}

/** How the program `name` wraps another, or undefined when it is not a wrapper. */
export function unwrap(name: string, args: WordValue[]): Unwrapped | undefined {
	if (name === "env") return unwrapEnv(args)
	if (name === "command") return unwrapCommand(args)
	const table = tables[name]
	if (table === undefined) return undefined
	const result = readOptions(args, table)
	if (name === "xargs" && result.kind === "runsNothing") return { kind: "wraps", index: args.length, appendsArgs: true }
	if (name === "xargs" && result.kind === "wraps") return { ...result, appendsArgs: true }
	return result
}

export const shells = new Set(["sh", "bash", "dash", "zsh", "ksh", "ash"])

/** Shell options that change nothing about what `-c` runs. */
const harmlessShellFlags = /^-[euxvfnl]+$/
const harmlessSetOptions = new Set(["pipefail", "errexit", "nounset", "xtrace"])

/**
 * The command string of `bash -c '…'`, to be analysed as a line of its own; `undefined` when the
 * shell runs a script file or reads stdin (it is then judged as the program it is).
 */
export function shellCommandString(args: WordValue[]): { line: string } | { notUnderstood: string } | undefined {
	let i = 0
	let takesString = false
	while (i < args.length) {
		const arg = literal(args[i])
		if (arg === undefined) return takesString ? { notUnderstood: "the shell's command string is only known when it runs" } : undefined
		if (arg === "-c") {
			takesString = true
			i++
			continue
		}
		if (/^-[a-z]+$/.test(arg) && arg.includes("c") && harmlessShellFlags.test(arg.replace("c", ""))) {
			takesString = true
			i++
			continue
		}
		if (harmlessShellFlags.test(arg) || arg === "--norc" || arg === "--noprofile") {
			i++
			continue
		}
		if (arg === "-o" && harmlessSetOptions.has(literal(args[i + 1]) ?? "")) {
			i += 2
			continue
		}
		if (arg.startsWith("-") || arg.startsWith("+")) {
			return takesString || args.some((a) => literal(a) === "-c")
				? { notUnderstood: `the shell option "${arg}" is not understood` }
				: undefined
		}
		break
	}
	if (!takesString) return undefined
	const line = literal(args[i])
	if (line === undefined) return { notUnderstood: "the shell's command string is only known when it runs" }
	return { line }
}
