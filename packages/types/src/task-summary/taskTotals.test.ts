import { describe, expect, it } from "vitest"
import { finishedRequest, say } from "../test-support/messages.js"
import { totalsOf, updateTotals } from "./taskTotals.js"

const condense = (cost: number, partial = false) =>
	say("condense_context", undefined, {
		...(partial && { partial }),
		contextCondense: { cost, prevContextTokens: 9000, newContextTokens: 900, summary: "S" },
	})

describe("task totals", () => {
	it("count what summaries cost, but not as requests or tokens", () => {
		const totals = totalsOf([
			say("text", "task"),
			finishedRequest({ cost: 0.5, tokensIn: 100 }),
			condense(0.25),
		])
		expect(totals).toMatchObject({ cost: 0.75, requests: 1, tokensIn: 100 })
	})

	it("add a condense's cost once, when its row is final", () => {
		const request = finishedRequest({ cost: 0.5 })
		const base = totalsOf([say("text", "task"), request])
		const writing = condense(0.25, true)
		const whileWriting = updateTotals(base, undefined, writing)
		expect(whileWriting.cost).toBe(0.5)
		const final = { ...writing, partial: false }
		const after = updateTotals(whileWriting, writing, final)
		expect(after.cost).toBe(0.75)
		expect(updateTotals(after, final, final).cost).toBe(0.75)
	})
})
