import { describe, expect, it } from "vitest"
import { appendedText } from "./appendedText.js"

describe("appendedText", () => {
	it("is the new tail of a growing text", () => {
		expect(appendedText("", "Hel")).toBe("Hel")
		expect(appendedText("Hel", "Hello")).toBe("lo")
		expect(appendedText("Hello", "Hello")).toBe("")
	})

	it("finds the new tail when the head was dropped (capped command output)", () => {
		const max = 1000
		let row = ""
		let shown = ""
		for (let i = 0; i < 200; i++) {
			const chunk = `line ${i} ${"x".repeat(i % 13)}\n`
			const next = (row + chunk).slice(-max)
			shown += appendedText(row, next)
			row = next
		}
		let all = ""
		for (let i = 0; i < 200; i++) all += `line ${i} ${"x".repeat(i % 13)}\n`
		expect(shown).toBe(all)
	})

	it("gives all of a text that does not continue the previous one", () => {
		expect(appendedText("abc", "xyz")).toBe("xyz")
	})
})
