import { describe, expect, it } from "vitest"
import { say } from "../test-support/messages.js"
import { applyMessageUpdate, isNextSeq } from "./applyMessageUpdate.js"

describe("applyMessageUpdate", () => {
	const a = say("text", "a")
	const b = say("text", "b")
	const c = say("text", "c")

	it("appends a newer message", () => {
		expect(applyMessageUpdate([a, b], c)).toEqual([a, b, c])
	})

	it("replaces the message with the same ts", () => {
		const edited = { ...b, text: "b2" }
		expect(applyMessageUpdate([a, b, c], edited)).toEqual([a, edited, c])
	})

	it("inserts an older message in ts order", () => {
		expect(applyMessageUpdate([a, c], b)).toEqual([a, b, c])
		expect(applyMessageUpdate([b, c], a)).toEqual([a, b, c])
	})

	it("does not modify the array it was given", () => {
		const messages = [a]
		applyMessageUpdate(messages, b)
		expect(messages).toEqual([a])
	})

	it("detects a gap in seq", () => {
		expect(isNextSeq(4, 5)).toBe(true)
		expect(isNextSeq(4, 6)).toBe(false)
		expect(isNextSeq(4, 4)).toBe(false)
	})
})
