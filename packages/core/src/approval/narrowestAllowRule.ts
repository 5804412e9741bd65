import path from "node:path"
import type { CairnSettings, ClineAskCommand } from "@cairn/types"
import type { CommandPlace } from "./commandPaths.js"
import { evaluateCommand, type CommandLists } from "./evaluateCommand.js"
import { allowCoverage, anyCommand, parseRules } from "./rules/commandRules.js"
import { analyseLine, type Invocation } from "./shell/invocations.js"
import { loadShellParser } from "./shell/shellParser.js"

/**
 * What "Always allow this" may add to the allowed commands for a line that asks: the rules, one
 * per program the line needs allowed, or why no rule short of `*` would let it run unasked.
 */
export type AllowRuleSuggestion = { kind: "rules"; rules: string[] } | { kind: "none"; reason: string }

/**
 * Programs whose first word is a subcommand doing something else entirely (`git log` reads,
 * `git push` publishes): a rule names that word, never the program alone.
 */
const subcommandPrograms = new Set([
	"git",
	"hg",
	"svn",
	"gh",
	"npm",
	"npx",
	"pnpm",
	"pnpx",
	"yarn",
	"bun",
	"deno",
	"cargo",
	"rustup",
	"go",
	"dotnet",
	"pip",
	"pip3",
	"poetry",
	"uv",
	"conda",
	"docker",
	"podman",
	"kubectl",
	"helm",
	"terraform",
	"aws",
	"gcloud",
	"az",
	"brew",
	"apt",
	"apt-get",
	"systemctl",
	"make",
	"gradle",
	"gradlew",
	"mvn",
	"mvnw",
	"bundle",
	"rake",
	"composer",
	"mix",
	"nx",
	"turbo",
	"flutter",
	"dart",
	"swift",
	"zig",
	"stack",
	"cabal",
	"nix",
])

/** Programs that run the script or module they are given, named without a version (`python3.12`). */
const interpreters = new Set([
	"bash",
	"sh",
	"zsh",
	"dash",
	"ksh",
	"fish",
	"python",
	"node",
	"ruby",
	"perl",
	"php",
	"lua",
	"Rscript",
	"tsx",
	"ts-node",
])

/** Subcommands that only say which of many things to run: the next word is named too (`npm run build`). */
const nestedSubcommands: Record<string, ReadonlySet<string>> = {
	npm: new Set(["run", "run-script", "exec"]),
	pnpm: new Set(["run", "exec", "dlx"]),
	yarn: new Set(["run", "exec", "dlx"]),
	bun: new Set(["run", "x"]),
	deno: new Set(["task", "run"]),
	poetry: new Set(["run"]),
	uv: new Set(["run", "pip", "tool"]),
	cargo: new Set(["run"]),
	go: new Set(["run", "mod", "tool"]),
	git: new Set(["stash", "remote", "worktree", "submodule"]),
	gh: new Set(["pr", "issue", "repo", "run", "workflow", "release"]),
	docker: new Set(["compose", "container", "image", "volume", "network", "buildx"]),
	podman: new Set(["compose", "container", "image", "volume", "network"]),
	kubectl: new Set(["config", "rollout"]),
}

/**
 * The narrowest rules that would have let `line` run unasked: the program and its subcommand for
 * programs that have them (`git log --oneline -5` -> `git log`, `npm run build` -> `npm run
 * build`), the script for interpreters (`python3 -m pytest`), else the program alone; never `*`. A rule is only offered when evaluateCommand, given
 * it, allows this exact line: a line that writes a file, names a protected or ignored path, runs
 * inline code, is denied or is not understood gets no rule, with the reason.
 */
export async function narrowestAllowRule(
	line: string,
	lists: CommandLists,
	place?: CommandPlace,
): Promise<AllowRuleSuggestion> {
	const verdict = await evaluateCommand(line, lists, place)
	if (verdict.decision === "allow") return { kind: "none", reason: "the allowed commands cover it already" }
	if (verdict.decision === "deny") return { kind: "none", reason: verdict.reason }
	if (!verdict.understood || verdict.protectedPath !== undefined)
		return { kind: "none", reason: verdict.reason }

	const parser = await loadShellParser()
	const allowed = parseRules(parser, lists.allowed)
	const covered = (invocation: Invocation) =>
		allowed.some((rule) => allowCoverage(rule, invocation.program, invocation.args) >= 0)
	const candidates: string[] = []
	const programs: string[] = []
	for (const invocation of analyseLine(parser, line).invocations) {
		if (invocation.runsLine || covered(invocation)) continue
		const rule = ruleFor(invocation)
		if ("reason" in rule) return { kind: "none", reason: rule.reason }
		if (!candidates.includes(rule.text)) candidates.push(rule.text)
		programs.push(quoteWord(invocation.program))
	}
	if (candidates.length === 0) return { kind: "none", reason: verdict.reason }
	const evaluateWith = (rules: string[]) =>
		evaluateCommand(line, { ...lists, allowed: [...lists.allowed, ...rules] }, place)
	// A rule that names an option allows exactly that option, even one that runs code or writes
	// files (`python3 -c …`): the line must also run with only its programs allowed.
	for (const rules of [programs, candidates]) {
		const withRules = await evaluateWith(rules)
		if (withRules.decision !== "allow") return { kind: "none", reason: withRules.reason }
	}
	const allowsLine = async (rules: string[]) => (await evaluateWith(rules)).decision === "allow"
	// Programs that need no rule (cd, test, …) were candidates too: keep only the rules the line needs.
	let rules = candidates
	for (const rule of candidates) {
		const without = rules.filter((other) => other !== rule)
		if (await allowsLine(without)) rules = without
	}
	return { kind: "rules", rules }
}

/** The rule naming this invocation's program (and subcommand), or why there is none. */
function ruleFor(invocation: Invocation): { text: string } | { reason: string } {
	const { program, args } = invocation
	if (program === anyCommand) return { reason: `no rule short of "*" names the program "${program}"` }
	const base = path.basename(program)
	if (interpreters.has(base.replace(/[\d.]+$/, ""))) return interpreterRule(invocation)
	if (!subcommandPrograms.has(base)) return { text: quoteWord(program) }
	const subcommand = subcommandOf(args[0])
	if (subcommand === undefined)
		return {
			reason: `"${invocation.source}" names no subcommand of ${base} that a rule could allow alone`,
		}
	const words = [program, subcommand]
	const next = args[1]
	if (nestedSubcommands[base]?.has(subcommand) && next !== undefined) {
		// `npm run $X` could be any script: naming `npm run` alone would allow them all.
		if (next.kind !== "literal")
			return {
				reason: `"${invocation.source}" names what ${base} ${subcommand} runs only when it runs`,
			}
		if (!next.text.startsWith("-") && next.text !== "") words.push(next.text)
	}
	return { text: words.map(quoteWord).join(" ") }
}

/**
 * An interpreter runs whatever script it is given: a rule names the script (`python3 src/a.py`,
 * `python3 -m pytest`, `bash build.sh`), with the options before it, or only options when it is
 * given no script (`node --version`).
 */
function interpreterRule(invocation: Invocation): { text: string } | { reason: string } {
	const words = [invocation.program]
	for (const arg of invocation.args) {
		if (arg.kind !== "literal" || arg.text === "")
			return { reason: `"${invocation.source}" names what it runs only when it runs` }
		words.push(arg.text)
		if (!arg.text.startsWith("-")) break
	}
	return { text: words.map(quoteWord).join(" ") }
}

/** A word that can be a subcommand: known before the line runs, and no option. */
function subcommandOf(arg: Invocation["args"][number] | undefined): string | undefined {
	if (arg?.kind !== "literal" || arg.text === "" || arg.text.startsWith("-")) return undefined
	return arg.text
}

/** A word as a rule spells it: bare when the shell reads it as it is, else in single quotes. */
function quoteWord(word: string): string {
	return /^[\w./:@%+,=-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}

/**
 * The rules "Always allow" offers on a command ask, or undefined when it offers none: only while
 * the allowed commands decide what runs unasked (automatic approval of commands is on), and never
 * for a command outside the workspace or one that already failed in the sandbox.
 */
export async function offeredAllowRules(
	settings: Pick<CairnSettings, "autoApproval" | "allowedCommands" | "deniedCommands">,
	command: ClineAskCommand,
	place: CommandPlace,
): Promise<string[] | undefined> {
	const auto = settings.autoApproval
	if (!auto.enabled || !auto.execute) return undefined
	if (command.isOutsideWorkspace === true || command.sandboxFailure !== undefined) return undefined
	const lists = { allowed: settings.allowedCommands, denied: settings.deniedCommands }
	const suggestion = await narrowestAllowRule(command.command, lists, place)
	return suggestion.kind === "rules" ? suggestion.rules : undefined
}
