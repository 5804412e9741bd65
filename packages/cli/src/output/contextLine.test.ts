import { describe, expect, it } from "vitest"
import { contextLine } from "./contextLine.js"

const condense = { cost: 0.0125, prevContextTokens: 96_400, newContextTokens: 8_200, summary: "" }

describe("context management in the terminal", () => {
	it("a condense says how many tokens it saved and what the summary cost", () => {
		expect(contextLine({ kind: "condensed", condense })).toEqual({
			tone: "dim",
			text: "⇊ Context condensed: 96.4k → 8,200 tokens ($0.01)",
		})
	})

	it("its summary comes along, clipped to a few lines and characters", () => {
		const lines = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n")
		expect(contextLine({ kind: "condensed", condense: { ...condense, summary: lines } }).body).toBe(
			"line 1\nline 2\nline 3\nline 4\nline 5\nline 6\n… 4 more lines",
		)
		const paragraph = "word ".repeat(500)
		const body = contextLine({ kind: "condensed", condense: { ...condense, summary: paragraph } }).body
		expect(body?.length).toBeLessThanOrEqual(601)
		expect(body?.endsWith("…")).toBe(true)
	})

	it("a failed condense and a truncation are loud, and say why when the row does", () => {
		expect(contextLine({ kind: "failed", error: "The model answered with an empty summary." })).toEqual({
			tone: "yellow",
			text: "! Could not condense the context: The model answered with an empty summary.",
		})
		expect(contextLine({ kind: "failed", error: "" }).text).toBe("! Could not condense the context")
		expect(contextLine({ kind: "truncated" })).toEqual({
			tone: "yellow",
			text: "⇊ Older messages were dropped to fit the context window",
		})
		expect(contextLine({ kind: "truncated", text: "12 messages" }).body).toBe("12 messages")
	})
})
