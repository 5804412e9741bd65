import { describe, expect, it } from "vitest"
import { findMentions, mentionText, parseMentions } from "./parseMentions.js"

describe("parseMentions", () => {
	it("reads every kind of mention", () => {
		expect(
			parseMentions(
				"see @/src/a.ts and @/docs/ then @problems, @terminal and @git-changes; @1a2b3c4d @https://example.com/x",
			),
		).toEqual([
			{ kind: "file", path: "/src/a.ts" },
			{ kind: "folder", path: "/docs/" },
			{ kind: "problems" },
			{ kind: "terminal" },
			{ kind: "gitChanges" },
			{ kind: "commit", hash: "1a2b3c4d" },
			{ kind: "url", url: "https://example.com/x" },
		])
	})

	it("leaves sentence punctuation to the sentence and reads escaped spaces as part of a path", () => {
		expect(parseMentions("explain @/src/a.ts. Also (@/my\\ notes.md)")).toEqual([
			{ kind: "file", path: "/src/a.ts" },
			{ kind: "file", path: "/my notes.md" },
		])
	})

	it("is not fooled by e-mail addresses, unknown words, short hashes or a bare @", () => {
		expect(parseMentions("mail me@example.com about @someone, @abc12 or @ alone")).toEqual([])
	})

	it("resolves a repeated mention once", () => {
		expect(parseMentions("@/a.ts vs @/a.ts")).toEqual([{ kind: "file", path: "/a.ts" }])
	})

	it("says where each mention stands, for highlighting", () => {
		const text = "fix @/src/a.ts, then @problems."
		expect(findMentions(text).map((m) => text.slice(m.start, m.end))).toEqual(["@/src/a.ts", "@problems"])
	})

	it("writes mentions back as they are parsed", () => {
		for (const typed of ["@/my\\ notes.md", "@/src/", "@git-changes", "@terminal", "@abcdef1"]) {
			const [mention] = parseMentions(typed)
			expect(mention && mentionText(mention)).toBe(typed)
		}
	})
})
