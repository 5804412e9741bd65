import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { outcomeAfter } from "./condenseRequest.js"

const say = (ts: number, extra: Partial<ClineMessage>): ClineMessage => ({
	ts,
	type: "say",
	say: "text",
	...extra,
})
const condensed = (ts: number, partial?: boolean) =>
	say(ts, {
		say: "condense_context",
		...(partial && { partial }),
		contextCondense: { cost: 0.01, prevContextTokens: 9000, newContextTokens: 700, summary: "S" },
	})

describe("the outcome of a condense, read from the transcript", () => {
	it("is the figures of the condense row shown after the request", () => {
		expect(outcomeAfter([say(1, {}), condensed(2)], 1)).toEqual({
			code: "condensed",
			prevContextTokens: 9000,
			newContextTokens: 700,
			cost: 0.01,
		})
	})

	it("is the reason of a condense_context_error row", () => {
		expect(
			outcomeAfter(
				[say(1, {}), say(2, { say: "condense_context_error", text: "The request failed." })],
				1,
			),
		).toEqual({ code: "condense_failed", error: "The request failed." })
	})

	it("ignores rows from before the request and a condense still in progress", () => {
		expect(outcomeAfter([condensed(1), say(2, {})], 2)).toEqual({
			code: "condense_failed",
			error: "the agent showed no condense result",
		})
		expect(outcomeAfter([say(1, {}), condensed(2, true)], 1).code).toBe("condense_failed")
	})

	it("a newer row after the condense (the task going on) does not hide it", () => {
		expect(outcomeAfter([say(1, {}), condensed(2), say(3, { say: "api_req_started" })], 1).code).toBe(
			"condensed",
		)
	})
})
