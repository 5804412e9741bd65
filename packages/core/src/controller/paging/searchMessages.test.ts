import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { searchMessages } from "./searchMessages.js"

const messages = (texts: (string | undefined)[]): ClineMessage[] =>
	texts.map((text, i) => ({ ts: i + 1, type: "say", say: "text", ...(text !== undefined && { text }) }))

describe("searching a task's messages", () => {
	it("matches regardless of case, oldest first, skipping rows without text", () => {
		const found = searchMessages(
			messages(["Run NPM test", undefined, "nothing", "npm ci then npm test"]),
			"npm",
		)
		expect(found).toEqual({
			results: [
				{ ts: 1, snippet: "Run NPM test" },
				{ ts: 4, snippet: "npm ci then npm test" },
			],
			truncated: false,
		})
	})

	it("shows a short snippet around the match, on one line, marked where it is cut", () => {
		const text = `${"a".repeat(100)} the\nneedle here ${"b".repeat(200)}`
		const [result] = searchMessages(messages([text]), "needle").results
		expect(result?.snippet.startsWith("…")).toBe(true)
		expect(result?.snippet.endsWith("…")).toBe(true)
		expect(result?.snippet).toContain("the needle here")
		expect(result?.snippet.length).toBeLessThan(140)
	})

	it("stops at the limit and says more matched", () => {
		const found = searchMessages(messages(["x1", "x2", "x3"]), "x", 2)
		expect(found.results.map((r) => r.ts)).toEqual([1, 2])
		expect(found.truncated).toBe(true)
		expect(searchMessages(messages(["x1", "x2"]), "x", 2).truncated).toBe(false)
	})
})
