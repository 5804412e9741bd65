import { describe, expect, it } from "vitest"
import { finishedRequest, say } from "../test-support/messages.js"
import { totalsOf } from "./taskTotals.js"

const condense = (cost: number, partial = false) =>
	say("condense_context", undefined, {
		...(partial && { partial }),
		contextCondense: { cost, prevContextTokens: 9000, newContextTokens: 900, summary: "S" },
	})

describe("the totals of a transcript saved before the ledger", () => {
	it("count what summaries cost, but not as requests or tokens", () => {
		const totals = totalsOf([
			say("text", "task"),
			finishedRequest({ cost: 0.5, tokensIn: 100 }),
			condense(0.25),
		])
		expect(totals).toMatchObject({ cost: 0.75, requests: 1, tokensIn: 100 })
	})

	it("add a condense's cost once its row is final", () => {
		const base = [say("text", "task"), finishedRequest({ cost: 0.5 })]
		expect(totalsOf([...base, condense(0.25, true)]).cost).toBe(0.5)
		expect(totalsOf([...base, condense(0.25)]).cost).toBe(0.75)
	})
})
