import { checkCommandPaths, type CommandPlace } from "./commandPaths.js"
import { allowCoverage, anyCommand, deniedBy, parseRules, type CommandRule } from "./rules/commandRules.js"
import { hasRiskTable, riskyArguments, type RiskyArgument } from "./rules/riskyArguments.js"
import { analyseLine, type Invocation } from "./shell/invocations.js"
import { loadShellParser } from "./shell/shellParser.js"

export interface CommandLists {
	/** Commands that may run without asking: a program and the arguments it starts with; "*" = any. */
	allowed: readonly string[]
	/** Commands that are never auto-approved, however they are spelled; deny wins over allow. */
	denied: readonly string[]
}

export type CommandDecision =
	| { decision: "allow" }
	/**
	 * A person must approve. `understood` is false when the analyser could not tell everything the
	 * line would run; `protectedPath` names a protected file the line touches; `ignoredPath` a file
	 * the ignore file blocks that it names or reads (-y never approves that).
	 */
	| { decision: "ask"; reason: string; understood: boolean; protectedPath?: string; ignoredPath?: string }
	/** A part matches a denied rule: never run without a person, whatever else is allowed. */
	| { decision: "deny"; reason: string; deniedBy: string }

/** Programs with no effect beyond the shell they run in; a rule for them would add nothing. */
const harmless = new Set(["cd", "pwd", "true", "false", ":", "[", "[[", "test", "command", "exec"])

/** Environment variables a command may be given unasked; others (PATH, LD_PRELOAD, PAGER, NODE_OPTIONS, GIT_*) can run code. */
const harmlessVariables = new Set([
	"CI",
	"NODE_ENV",
	"FORCE_COLOR",
	"NO_COLOR",
	"TERM",
	"LANG",
	"LC_ALL",
	"TZ",
	"DEBUG",
	"RUST_BACKTRACE",
	"RUST_LOG",
	"PYTHONUNBUFFERED",
	"PYTHONDONTWRITEBYTECODE",
])

/**
 * Whether a shell line may run unasked. It is analysed over the bash grammar, and every program
 * it would start anywhere (in substitutions, heredocs, `bash -c` strings, behind `env` or
 * `xargs`) must be covered by an allowed rule and by none of the denied ones; file writes,
 * environment changes, risky arguments and the files it names are judged too. Whatever the
 * analyser does not fully understand asks a person. `place` adds the checks of the files the
 * line names; without it only the rules are judged.
 */
export async function evaluateCommand(
	line: string,
	lists: CommandLists,
	place?: CommandPlace,
): Promise<CommandDecision> {
	const parser = await loadShellParser()
	const allowed = parseRules(parser, lists.allowed)
	const denied = parseRules(parser, lists.denied)
	const analysis = analyseLine(parser, line)

	for (const invocation of analysis.invocations) {
		const match = deniedBy(denied, invocation)
		if (match)
			return {
				decision: "deny",
				reason: match.certain
					? `"${invocation.source}" runs ${match.program}, which the denied command "${match.rule.text}" covers`
					: `"${invocation.source}" may run the denied command "${match.rule.text}" (an argument is only known when it runs)`,
				deniedBy: match.rule.text,
			}
	}
	// A file the ignore file blocks outranks every other reason: -y refuses it, where it approves others.
	const findings = place ? await checkCommandPaths(analysis, place) : []
	const ignored = findings.find((finding) => finding.ignoredPath !== undefined)
	if (ignored?.ignoredPath !== undefined)
		return { ...ask(ignored.reason), ignoredPath: ignored.ignoredPath }
	const [unknown] = analysis.notUnderstood
	if (unknown)
		return { decision: "ask", reason: `${unknown.reason} ("${unknown.source}")`, understood: false }
	if (denied.length > 0) {
		const hidden = codeHiddenFromDenial(analysis.invocations, allowed)
		if (hidden) return { decision: "ask", reason: hidden, understood: false }
	}
	if (analysis.invocations.length === 0 && analysis.needsPerson.length === 0)
		return { decision: "ask", reason: "the line runs no command", understood: true }

	const [person] = analysis.needsPerson
	if (person) return ask(`${person.reason} ("${person.source}")`)
	for (const invocation of analysis.invocations) {
		const reason = uncoveredReason(invocation, allowed, denied.length > 0)
		if (reason !== undefined) return ask(reason)
	}
	const write = analysis.redirections.find((redirection) => redirection.effect === "write")
	if (write) return ask(`it writes to a file ("${write.source}")`)
	const [finding] = findings
	if (finding)
		return {
			...ask(finding.reason),
			...(finding.protectedPath && { protectedPath: finding.protectedPath }),
		}
	return { decision: "allow" }
}

const ask = (reason: string): CommandDecision & { decision: "ask" } => ({
	decision: "ask",
	reason,
	understood: true,
})

/** Why the allowed rules do not let this invocation run unasked, or undefined when they do. */
function uncoveredReason(
	invocation: Invocation,
	allowed: CommandRule[],
	denyListed: boolean,
): string | undefined {
	const { program, args, source } = invocation
	const variable = invocation.assignments.find(
		(assignment) => !harmlessVariables.has(assignment.name) || assignment.value.kind !== "literal",
	)
	if (variable) return `it sets ${variable.name} for "${source}", which can change what runs`
	if (invocation.runsLine || (harmless.has(program) && !invocation.privileged)) return undefined

	if (invocation.privileged) {
		const wrapper = invocation.wrappers.find((w) => w.program === "sudo" || w.program === "doas")
		const wrapperAllowed = allowed.some(
			(rule) =>
				rule.program === anyCommand ||
				(wrapper && allowCoverage(rule, wrapper.program, wrapper.args) >= 0),
		)
		if (!wrapperAllowed) return `"${source}" runs as another user (${wrapper?.program ?? "sudo"})`
	}
	const anyRule = allowed.some((rule) => rule.program === anyCommand)
	const specific = allowed.filter((rule) => rule.program !== anyCommand)
	const coverage = Math.max(-1, ...specific.map((rule) => allowCoverage(rule, program, args)))
	if (coverage < 0 && !anyRule)
		return `"${program}${args.length > 0 ? " …" : ""}" is not in the allowed commands ("${source}")`

	if (args.some((arg) => arg.kind === "dynamic") || invocation.appendsArgs) {
		if (hasRiskTable(program) && !anyRule)
			return `"${source}" has an argument only known when it runs, which could make ${program} write files or run code`
	}
	for (const risky of riskyArguments(program, args)) {
		// "*" allows any argument, but code given inline cannot be checked against the denied
		// commands; a program that runs code whatever its arguments (ssh, vim) needs a rule naming it.
		const anyRuleCovers = anyRule && risky.index >= 0 && !(denyListed && risky.effect === "runs code")
		if (risky.index < coverage || anyRuleCovers) continue
		return riskReason(program, risky)
	}
	return undefined
}

function riskReason(program: string, risky: RiskyArgument): string {
	const does = risky.effect === "writes files" ? "writes files" : "runs code"
	if (risky.index < 0) return `${program} ${does}: ${risky.option}; it needs a rule of its own`
	const spelled = risky.arg === risky.option ? "" : ` (${risky.option})`
	return `"${risky.arg}"${spelled} makes ${program} ${risky.effect === "writes files" ? "write files" : "run code"}; it needs its own approval`
}

/**
 * Code a line runs that the denied commands cannot see into (`python3 -c`, `node -e`, an awk
 * program, ssh's remote command), unless a rule names it: with a deny list set, the person
 * must look, since no rule can tell what that code starts. A shell's `-c` string is analysed as
 * a line of its own instead.
 */
function codeHiddenFromDenial(invocations: Invocation[], allowed: CommandRule[]): string | undefined {
	const specific = allowed.filter((rule) => rule.program !== anyCommand)
	for (const { program, args, runsLine, source } of invocations) {
		if (runsLine) continue
		const coverage = Math.max(-1, ...specific.map((rule) => allowCoverage(rule, program, args)))
		const risky = riskyArguments(program, args).find(
			(risk) => risk.effect === "runs code" && risk.index >= coverage,
		)
		if (risky)
			return `${riskReason(program, risky)}; the denied commands cannot be checked inside the code it runs ("${source}")`
	}
	return undefined
}
