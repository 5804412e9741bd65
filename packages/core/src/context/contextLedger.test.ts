import { describe, expect, it } from "vitest"
import { ContextLedger } from "./contextLedger.js"

describe("the ledger of the next request's tokens", () => {
	it("is the local estimate until a provider reports", () => {
		expect(new ContextLedger().expected(1_000)).toBe(1_000)
	})

	it("is the provider's count of the last request plus what was added since, scaled", () => {
		const ledger = new ContextLedger()
		ledger.sending(1_000)
		ledger.reported(1_200)
		expect(ledger.expected(1_500)).toBe(1_200 + 500 * 1.2)
	})

	it("keeps the last counted request as its reference when one is sent uncounted", () => {
		const ledger = new ContextLedger()
		ledger.sending(1_000)
		ledger.reported(1_200)
		ledger.sendingUncounted()
		ledger.reported(9_000)
		expect(ledger.expected(1_500)).toBe(1_200 + 500 * 1.2)
	})

	it("scales the estimate alone once the view changed under the last report", () => {
		const ledger = new ContextLedger()
		ledger.sending(1_000)
		ledger.reported(2_000)
		ledger.viewChanged()
		expect(ledger.expected(600)).toBe(1_200)
	})

	it("learns from an overflow that the request held at least the window", () => {
		const ledger = new ContextLedger()
		ledger.sending(1_000)
		ledger.overflowed(undefined, 1_500)
		expect(ledger.expected(1_000)).toBeGreaterThan(1_500)
		const told = new ContextLedger()
		told.sending(1_000)
		told.overflowed(3_000, 2_000)
		expect(told.expected(1_000)).toBe(3_000)
	})

	it("does not let one odd report skew every later estimate", () => {
		const ledger = new ContextLedger()
		ledger.sending(1_000)
		ledger.reported(100_000)
		ledger.viewChanged()
		expect(ledger.expected(1_000)).toBe(4_000)
	})
})
