import { describe, expect, it } from "vitest"
import { fileRegexProblem, maxFileRegexLength } from "./fileRegex.js"

describe("fileRegexProblem", () => {
	it.each([
		"\\.md$",
		"\\.(md|mdx)$",
		"^docs/.*\\.md$",
		"^src/[a-z]+/[^/]*\\.test\\.ts$",
		"(ab)?c",
		"[(+]*",
	])("accepts the file pattern %s", (pattern) => expect(fileRegexProblem(pattern)).toBeUndefined())

	it("refuses a pattern that does not compile, saying why", () => {
		expect(fileRegexProblem("\\.(md$")).toMatch(/^is not a valid regular expression \(.*\)$/)
	})

	it("refuses an empty pattern and one over the length limit", () => {
		expect(fileRegexProblem("")).toBe("is empty")
		expect(fileRegexProblem("a".repeat(maxFileRegexLength + 1))).toBe(
			`is longer than ${maxFileRegexLength} characters`,
		)
	})

	it.each(["(a+)+$", "(a*)*b", "(a|a)*$", "((ab)+c)+", "(x{2,})+", "([a-z]+)*\\.md", "(?:a|b)+$"])(
		"refuses %s, whose backtracking can take exponential time",
		(pattern) => expect(fileRegexProblem(pattern)).toMatch(/exponential time/),
	)

	it("refuses backreferences", () => {
		expect(fileRegexProblem("(a)\\1")).toMatch(/backreference/)
	})

	it("an accepted pattern stays fast on a long hostile path", () => {
		const path = `${"a".repeat(5_000)}!`
		const started = performance.now()
		for (const pattern of ["^[a-z]+\\.md$", "\\.(md|mdx)$"]) {
			expect(fileRegexProblem(pattern)).toBeUndefined()
			new RegExp(pattern).test(path)
		}
		// Linear patterns take microseconds; an exponential one would not finish at all.
		expect(performance.now() - started).toBeLessThan(5_000)
	})
})
