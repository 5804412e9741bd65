import type { ClineMessage } from "@cairn/types"
import { render } from "ink-testing-library"
import { describe, expect, it } from "vitest"
import { MessageRow } from "./MessageRow.js"

const row = (message: Omit<ClineMessage, "ts" | "type">): string => {
	const { lastFrame } = render(<MessageRow message={{ ts: 1, type: "say", ...message }} isTask={false} />)
	return lastFrame() ?? ""
}

describe("context management rows in the TUI", () => {
	it("a condense in progress, then its figures and summary", () => {
		expect(row({ say: "condense_context", partial: true })).toContain("Condensing the context…")
		const done = row({
			say: "condense_context",
			contextCondense: {
				cost: 0.02,
				prevContextTokens: 50_000,
				newContextTokens: 4_000,
				summary: "So far: X.",
			},
		})
		expect(done).toContain("Context condensed: 50.0k → 4,000 tokens ($0.02)")
		expect(done).toContain("So far: X.")
	})

	it("a failed condense says why, and a truncation says what happened", () => {
		expect(row({ say: "condense_context_error", text: "The request failed." })).toContain(
			"Could not condense the context: The request failed.",
		)
		expect(row({ say: "sliding_window_truncation" })).toContain(
			"Older messages were dropped to fit the context window",
		)
	})

	it("a final condense row without its figures shows nothing rather than a stuck spinner", () => {
		expect(row({ say: "condense_context" })).toBe("")
	})
})
