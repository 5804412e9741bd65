import { RE2JS } from "re2js"

/**
 * Patterns from a repository (a mode's fileRegex, a hooks file's matcher) or from the model
 * (search_and_replace) run on RE2's linear-time engine: JavaScript's backtracking engine can take
 * exponential time on a pattern like ".*.*.*.*.*.*.*x$", and no check of the pattern's shape
 * catches every such one. RE2 has JavaScript's syntax but for backreferences and lookaround,
 * which cannot run in linear time.
 */
export interface LinearRegexOptions {
	ignoreCase?: boolean
	/** ^ and $ match at line breaks too (JavaScript's "m"). */
	multiline?: boolean
}

export type CompiledLinearRegex =
	| { ok: true; regex: RE2JS }
	/**
	 * `invalid`: not a regular expression at all (`detail` is JavaScript's message);
	 * `unsupported`: one RE2 cannot run. `problem` completes "<the pattern> …".
	 */
	| { ok: false; kind: "invalid" | "unsupported"; problem: string; detail: string }

/** Backreferences (\1, \k<name>) and lookaround ((?=, (?!, (?<=, (?<!) by their spelling. */
const needsBacktracking = /\\[1-9]|\\k<|\(\?<?[=!]/

/**
 * The compiled pattern, or what is wrong with it: JavaScript's own message for a pattern that is
 * not a regular expression at all (as before), and a plain sentence for one RE2 cannot run.
 */
export function compileLinearRegex(source: string, options: LinearRegexOptions = {}): CompiledLinearRegex {
	try {
		// Only compiled, never run: JavaScript's syntax error is the one people know.
		new RegExp(source, options.ignoreCase ? "i" : "")
	} catch (error) {
		const detail = (error as Error).message
		return {
			ok: false,
			kind: "invalid",
			problem: `is not a valid regular expression (${detail})`,
			detail,
		}
	}
	const flags =
		(options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (options.multiline ? RE2JS.MULTILINE : 0)
	try {
		return { ok: true, regex: RE2JS.compile(source, flags) }
	} catch (error) {
		const detail = (error as Error).message
		if (needsBacktracking.test(source))
			return {
				ok: false,
				kind: "unsupported",
				problem:
					"uses a backreference or lookaround (\\1, \\k<name>, (?=, (?!, (?<=, (?<!), which Cairn's linear-time regex engine does not run; rewrite it without them",
				detail,
			}
		return {
			ok: false,
			kind: "unsupported",
			problem: `uses syntax Cairn's linear-time regex engine does not run (${detail})`,
			detail,
		}
	}
}

/** Why `source` cannot be used as a pattern, or undefined when it can. */
export function linearRegexProblem(source: string, options: LinearRegexOptions = {}): string | undefined {
	const compiled = compileLinearRegex(source, options)
	return compiled.ok ? undefined : compiled.problem
}

/** Whether the pattern matches anywhere in `text`, as RegExp.test does. */
export function linearTest(regex: RE2JS, text: string): boolean {
	return regex.matcher(text).find()
}

/** How many non-overlapping matches `text` holds, as String.match with "g" counts them. */
export function countLinearMatches(regex: RE2JS, text: string): number {
	const matcher = regex.matcher(text)
	let count = 0
	while (matcher.find()) count++
	return count
}

/** Every match replaced, `$1`, `$&`, `$$` and `$<name>` expanded as String.replace does. */
export function replaceLinear(regex: RE2JS, text: string, replacement: string): string {
	return regex.matcher(text).replaceAll(replacement)
}

/** Every match replaced by `literal` as it is, `$` included. */
export function replaceLinearLiterally(regex: RE2JS, text: string, literal: string): string {
	return regex.matcher(text).replaceAll(() => literal)
}
