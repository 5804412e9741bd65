import { harmlessTargets } from "../shell/shellAnalysis.js"
import type { WordValue } from "../shell/shellWords.js"

/**
 * An argument that turns a program people allow as harmless (a reader, a test runner) into one
 * that writes files or runs code of the caller's choosing: `git log --output=F`,
 * `npm test --script-shell=./x.sh`, `find -delete`, `python3 -c`. Allowing the program does not
 * allow these: a rule must name the argument itself.
 */
export interface RiskyArgument {
	/** The argument as written, e.g. "--output=notes.txt". */
	arg: string
	/** What it makes the program do. */
	effect: "writes files" | "runs code"
	/** The option a rule must name to allow it, e.g. "--output". */
	option: string
}

interface OptionRule {
	/** Matches `--output`, `--output=…`; for a single-dash option also `-oFILE`. */
	option: string
	effect: RiskyArgument["effect"]
}

const runs = (...options: string[]): OptionRule[] => options.map((option) => ({ option, effect: "runs code" }))
const writes = (...options: string[]): OptionRule[] => options.map((option) => ({ option, effect: "writes files" }))

/** Options anywhere in the arguments, per program. */
const optionTables: Record<string, OptionRule[]> = {
	git: [
		...writes("--output", "-o", "--output-directory"),
		...runs("--exec", "-x", "--upload-pack", "--receive-pack", "--ext-diff", "-O", "--open-files-in-pager"),
		...runs("--extcmd", "--template", "--config-env", "--exec-path"),
	],
	npm: runs("--script-shell", "--node-options", "--userconfig", "--globalconfig", "--call", "-c", "--shell"),
	npx: runs("--script-shell", "--node-options", "--userconfig", "--globalconfig", "--call", "-c", "--shell"),
	pnpm: runs("--script-shell", "--node-options", "--config.script-shell", "--config.node-options", "-c", "--shell"),
	yarn: runs("--script-shell", "--node-options", "--use-yarnrc", "--rc-filename"),
	node: runs(
		"-e",
		"--eval",
		"-p",
		"--print",
		"-pe",
		"-r",
		"--require",
		"--import",
		"--loader",
		"--experimental-loader",
		"--env-file",
		"-i",
		"--interactive",
	),
	perl: runs("-e", "-E"),
	ruby: runs("-e"),
	php: runs("-r"),
	rg: runs("--pre", "--hostname-bin"),
	find: [
		...runs("-exec", "-execdir", "-ok", "-okdir"),
		...writes("-delete", "-fprint", "-fprint0", "-fprintf", "-fls"),
	],
	make: runs("--eval", "-E"),
	cargo: runs("--config"),
	go: [...runs("-toolexec", "--toolexec", "-exec", "--exec"), ...writes("-o")],
	sort: [...writes("-o", "--output"), ...runs("--compress-program")],
	sed: writes("-i", "--in-place"),
	tar: [
		...runs("--to-command", "--checkpoint-action", "-I", "--use-compress-program", "--rsh-command"),
		...runs("-F", "--info-script", "--new-volume-script"),
		...writes("-x", "--extract", "--get"),
	],
	curl: writes("-o", "-O", "--output", "--remote-name", "-K", "--config", "-D", "--dump-header", "-c", "--cookie-jar"),
}

/** Interpreters whose `-c` (alone or among other single-letter flags: `-Bc`) runs the next argument. */
const clusteredCodeFlag: Record<string, string> = {
	python: "c",
	python3: "c",
	python2: "c",
	pypy: "c",
	pypy3: "c",
}

/** git options that only mean "run this" before the subcommand (after it, `-c` is a diff option). */
const gitGlobalRisky = runs("-c")

/** git subcommands that run commands or rewrite the configuration that decides what runs. */
const gitRiskySubcommands: Record<string, (args: string[]) => boolean> = {
	config: (args) =>
		!args.some((arg) => ["--get", "--get-all", "--get-regexp", "--list", "-l", "get", "list"].includes(arg)),
	submodule: (args) => args.includes("foreach"),
	bisect: (args) => args.includes("run"),
	"filter-branch": () => true,
	difftool: () => true,
	mergetool: () => true,
}

function matchesOption(arg: string, rule: OptionRule): boolean {
	if (arg === rule.option || arg.startsWith(`${rule.option}=`)) return true
	// `-oFILE`: a short option glued to its value (never for long ones, nor find's -exec words).
	return /^-[A-Za-z]$/.test(rule.option) && arg.startsWith(rule.option) && arg.length > 2 && !arg.startsWith("--")
}

const versionedName = (program: string) => program.replace(/(\d+(\.\d+)*)$/, "")

/** Programs with a table: an argument only known when the line runs could be any of their risky ones. */
export function hasRiskTable(program: string): boolean {
	const name = versionedName(program)
	return name in optionTables || program in clusteredCodeFlag || name in clusteredCodeFlag || name in scriptCheckers
}

/** awk and sed programs that run commands or write files from inside their script. */
const scriptCheckers: Record<string, (script: string) => boolean> = {
	// system(), pipes to or from commands, and print > file all leave awk.
	awk: (script) => /system|getline|[|>]/.test(script),
	gawk: (script) => /system|getline|[|>]|@load/.test(script),
	mawk: (script) => /system|getline|[|>]/.test(script),
	// sed's e command runs its argument; w, W and the s///w flag write files.
	sed: (script) => /(^|[;{}\n\s\d$!,/])[ewW](\s|$|;|})|\/[gpIiMm0-9]*[ewW]\b/.test(script),
}

/** The risky arguments among `args` of `program` (literal arguments only; see hasRiskTable). */
export function riskyArguments(program: string, args: WordValue[]): RiskyArgument[] {
	// Patterns count with their text: `--output=*.txt` is still --output.
	const texts = args.flatMap((arg) => (arg.kind === "dynamic" ? [] : [arg.text]))
	const name = versionedName(program)
	const found: RiskyArgument[] = []
	const table = optionTables[program] ?? optionTables[name] ?? []
	const endOfOptions = program === "find" ? texts.length : texts.indexOf("--")
	const optionArgs = endOfOptions === -1 ? texts : texts.slice(0, endOfOptions)
	for (const arg of optionArgs) {
		const rule = table.find((candidate) => matchesOption(arg, candidate))
		if (rule) found.push({ arg, effect: rule.effect, option: rule.option })
	}
	const codeFlag = clusteredCodeFlag[program] ?? clusteredCodeFlag[name]
	if (codeFlag !== undefined) {
		const arg = optionArgs.find((text) => /^-[A-Za-z]+$/.test(text) && text.includes(codeFlag))
		if (arg !== undefined) found.push({ arg, effect: "runs code", option: `-${codeFlag}` })
	}
	if (name === "git") found.push(...gitRisks(texts))
	if (name === "make") found.push(...makeVariableRisks(texts))
	if (name === "tee") {
		for (const arg of texts.filter((text) => !text.startsWith("-") && !harmlessTargets.has(text)))
			found.push({ arg, effect: "writes files", option: arg })
	}
	const checker = scriptCheckers[name]
	if (checker) {
		const script = texts.find((text) => !text.startsWith("-"))
		if (script !== undefined && checker(script)) found.push({ arg: script, effect: "runs code", option: script })
	}
	return found
}

function gitRisks(args: string[]): RiskyArgument[] {
	const found: RiskyArgument[] = []
	let i = 0
	// Global options come before the subcommand; -C and -c take a value.
	for (; i < args.length; i++) {
		const arg = args[i] as string
		if (!arg.startsWith("-")) break
		const global = gitGlobalRisky.find((rule) => matchesOption(arg, rule))
		if (global) found.push({ arg, effect: global.effect, option: global.option })
		if (arg === "-C" || arg === "-c" || arg === "--git-dir" || arg === "--work-tree" || arg === "--namespace") i++
	}
	const subcommand = args[i]
	const check = subcommand === undefined ? undefined : gitRiskySubcommands[subcommand]
	if (subcommand !== undefined && check?.(args.slice(i + 1)))
		found.push({ arg: subcommand, effect: "runs code", option: subcommand })
	return found
}

/** make's command-line variables: SHELL picks what runs recipes, and `$(shell …)` in a value runs. */
function makeVariableRisks(args: string[]): RiskyArgument[] {
	return args
		.filter((arg) => /^[^-=][^=]*=/.test(arg))
		.filter((arg) => {
			const name = arg.slice(0, arg.indexOf("="))
			return ["SHELL", ".SHELLFLAGS", "MAKE", "MAKEFLAGS", "MAKEFILES"].includes(name) || /[$`]/.test(arg)
		})
		.map((arg) => ({ arg, effect: "runs code" as const, option: arg }))
}
