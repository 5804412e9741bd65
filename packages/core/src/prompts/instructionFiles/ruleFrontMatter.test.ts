import { describe, expect, it } from "vitest"
import { globsMatchAny, parseRuleFrontMatter } from "./ruleFrontMatter.js"

describe("parseRuleFrontMatter", () => {
	it("reads Cursor's unquoted, comma-separated globs, which YAML would refuse", () => {
		const rule = parseRuleFrontMatter(
			"---\ndescription:\nglobs: *.ts, src/**/*.tsx\nalwaysApply: false\n---\nBody.",
			"globs",
		)
		expect(rule).toEqual({ alwaysApply: false, globs: ["*.ts", "src/**/*.tsx"], body: "Body." })
	})

	it("reads quoted values and a bracketed list", () => {
		const rule = parseRuleFrontMatter(
			'---\ndescription: "When testing"\nglobs: ["a/**", \'b/*.md\']\nalwaysApply: true\n---\nBody.',
			"globs",
		)
		expect(rule).toEqual({
			alwaysApply: true,
			globs: ["a/**", "b/*.md"],
			description: "When testing",
			body: "Body.",
		})
	})

	it("keeps a comma inside braces in its glob", () => {
		expect(
			parseRuleFrontMatter("---\nglobs: src/*.{ts,tsx}, docs/**\n---\nBody.", "globs").globs,
		).toEqual(["src/*.{ts,tsx}", "docs/**"])
	})

	it("reads Copilot's applyTo as the globs", () => {
		expect(parseRuleFrontMatter('---\napplyTo: "**/*.py,docs/**"\n---\nBody.', "applyTo").globs).toEqual([
			"**/*.py",
			"docs/**",
		])
	})

	it("takes a file without front matter, or with an unclosed one, as all body", () => {
		expect(parseRuleFrontMatter("Just text.", "globs")).toEqual({
			alwaysApply: false,
			globs: [],
			body: "Just text.",
		})
		expect(parseRuleFrontMatter("---\nglobs: *.ts\nno end", "globs").globs).toEqual([])
	})
})

describe("globsMatchAny", () => {
	it("matches a glob without a slash by file name in any folder, one with a slash from the root", () => {
		expect(globsMatchAny(["*.ts"], ["deep/in/file.ts"])).toBe(true)
		expect(globsMatchAny(["src/**/*.tsx"], ["src/a/b.tsx"])).toBe(true)
		expect(globsMatchAny(["src/**/*.tsx"], ["lib/src/b.tsx"])).toBe(false)
		expect(globsMatchAny(["*.py"], [])).toBe(false)
		expect(globsMatchAny(["src/**/*.{ts,tsx}"], ["src/a/b.tsx"])).toBe(true)
	})

	it("lets no glob the repository wrote take exponential time: extglobs are literal, long globs match nothing", () => {
		expect(globsMatchAny(["+(a|b).ts"], ["a.ts"])).toBe(false)
		expect(globsMatchAny([`${"*".repeat(201)}.ts`], ["a.ts"])).toBe(false)
	})
})
