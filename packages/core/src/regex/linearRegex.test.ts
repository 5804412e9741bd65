import { describe, expect, it } from "vitest"
import { compileLinearRegex, countLinearMatches, linearRegexProblem, linearTest } from "./linearRegex.js"

describe("compileLinearRegex", () => {
	it("compiles JavaScript-style patterns and runs them", () => {
		const compiled = compileLinearRegex("^src/[a-z]+\\.(ts|tsx)$")
		expect(compiled.ok && linearTest(compiled.regex, "src/app.tsx")).toBe(true)
		expect(compiled.ok && linearTest(compiled.regex, "lib/app.tsx")).toBe(false)
	})

	it("gives JavaScript's own message for a pattern that is not a regular expression", () => {
		expect(linearRegexProblem("(unclosed")).toMatch(
			/^is not a valid regular expression \(.*Unterminated group.*\)$/,
		)
	})

	it.each(["(a)\\1", "(?<n>a)\\k<n>", "a(?=b)", "a(?!b)", "(?<=a)b", "(?<!a)b"])(
		"says plainly that %s needs backtracking, which it does not run",
		(pattern) => expect(linearRegexProblem(pattern)).toMatch(/^uses a backreference or lookaround/),
	)

	it("answers at once for patterns that backtrack for ever in JavaScript", () => {
		const text = `${"a".repeat(10_000)}!`
		for (const pattern of ["(a+)+$", "(a|a)*b$", ".*.*.*.*.*.*.*x$", "(x+x+)+y"]) {
			const compiled = compileLinearRegex(pattern)
			expect(compiled.ok && linearTest(compiled.regex, text)).toBe(false)
		}
	})

	it("honours ignore case and multiline, and counts matches as String.match with g does", () => {
		const compiled = compileLinearRegex("^a", { ignoreCase: true, multiline: true })
		expect(compiled.ok && countLinearMatches(compiled.regex, "ab\nAb\nba")).toBe(2)
		const empty = compileLinearRegex("")
		expect(empty.ok && countLinearMatches(empty.regex, "abc")).toBe("abc".match(/(?:)/g)?.length)
	})
})
