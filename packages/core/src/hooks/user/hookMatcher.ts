import type { UserHooks } from "@cairn/types"
import { compileLinearRegex, linearRegexProblem, linearTest } from "../../regex/linearRegex.js"

/**
 * Whether a hook group applies to `toolName`: its matcher is a regular expression over the whole
 * name, `*` or empty for every tool. A repository's hooks file supplies matchers, so they run on
 * the linear-time engine. One it cannot run (refused when the file is read) matches every tool:
 * a hook that runs too often is safer than a check that silently never runs.
 */
export function hookMatches(matcher: string, toolName: string): boolean {
	if (matcher === "" || matcher === "*") return true
	const compiled = compileLinearRegex(`^(?:${matcher})$`)
	return !compiled.ok || linearTest(compiled.regex, toolName)
}

/** The first matcher of `hooks` the linear-time engine cannot run, said as a problem line. */
export function hookMatcherProblem(hooks: UserHooks): string | undefined {
	for (const event of ["PreToolUse", "PostToolUse"] as const)
		for (const [index, group] of hooks[event].entries()) {
			if (group.matcher === "" || group.matcher === "*") continue
			const problem = linearRegexProblem(group.matcher)
			if (problem !== undefined) return `${event}[${index}].matcher ${problem}`
		}
	return undefined
}
