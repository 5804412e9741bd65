import { describe, expect, it } from "vitest"
import { findMentions, mentionText, parseMentions, typedMentionAt } from "./parseMentions.js"

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

describe("typedMentionAt", () => {
	it("finds the mention the caret is in", () => {
		expect(typedMentionAt("fix @src/a", 10)).toEqual({ start: 4, query: "src/a" })
		expect(typedMentionAt("@", 1)).toEqual({ start: 0, query: "" })
		expect(typedMentionAt("(@/my\\ no", 9)).toEqual({ start: 1, query: "/my\\ no" })
	})

	it("finds none in an e-mail address, after a space, or before the caret's word", () => {
		expect(typedMentionAt("me@example", 10)).toBeUndefined()
		expect(typedMentionAt("@src/a.ts ", 10)).toBeUndefined()
		expect(typedMentionAt("@src then", 9)).toBeUndefined()
	})
})
