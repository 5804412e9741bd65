import { describe, expect, it } from "vitest"
import { editRefusal, editRestrictionOf, type EditRestriction } from "./editRestriction.js"
import { modeFor } from "./modes.js"

const architect = editRestrictionOf(modeFor("architect")) as EditRestriction

describe("edit restrictions", () => {
	it("only Architect limits which files may be edited", () => {
		expect(architect).toEqual({
			modeName: "Architect",
			fileRegex: "\\.md$|\\.mdx$",
			description: "Markdown files",
		})
		for (const slug of ["code", "ask", "debug"]) expect(editRestrictionOf(modeFor(slug))).toBeUndefined()
	})

	it("Architect may edit Markdown files", () => {
		expect(editRefusal(architect, "docs/plan.md")).toBeUndefined()
		expect(editRefusal(architect, "docs/page.mdx")).toBeUndefined()
	})

	it("Architect is refused any other file, naming the mode, the pattern and the file", () => {
		for (const path of ["src/index.ts", "README.md.ts", "notes.md/x.ts", "plan.markdown"]) {
			const refusal = editRefusal(architect, path)
			expect(refusal).toContain("Architect mode may only edit Markdown files")
			expect(refusal).toContain("\\.md$|\\.mdx$")
			expect(refusal).toContain(`${path} does not match`)
		}
	})

	it("a pattern that does not compile refuses every file", () => {
		const broken = { ...architect, fileRegex: "(" }
		expect(editRefusal(broken, "plan.md")).toContain("is invalid, so it may edit no files")
	})

	it("a repository's pattern that backtracks for ever on JavaScript's engine answers on a long path", () => {
		// ".*" seven times before a final "x": a backtracking engine tries every split of the path.
		const hostile = { ...architect, description: "x files", fileRegex: ".*.*.*.*.*.*.*x$" }
		const path = `${"a/".repeat(120)}`
		expect(path.length).toBe(240)
		expect(editRefusal(hostile, path)).toContain(`${path} does not match`)
		expect(editRefusal(hostile, `${path}x`)).toBeUndefined()
	})

	it("a pattern with lookaround refuses every file, saying plainly why", () => {
		const peeking = { ...architect, fileRegex: "^(?!secret).*\\.md$" }
		expect(editRefusal(peeking, "plan.md")).toContain(
			"uses a backreference or lookaround (\\1, \\k<name>, (?=, (?!, (?<=, (?<!), which Cairn's linear-time regex engine does not run; rewrite it without them, so it may edit no files",
		)
	})
})
