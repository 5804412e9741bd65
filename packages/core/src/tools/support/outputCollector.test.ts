import { describe, expect, it } from "vitest"
import { OutputCollector, terminalText } from "./outputCollector.js"

const limits = { headLines: 3, tailLines: 4, headChars: 100, tailChars: 200 }
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join("")

describe("OutputCollector", () => {
	it("keeps small output whole", () => {
		const collector = new OutputCollector(limits)
		collector.push("a\nb\n")
		collector.push("c")
		expect(collector.render()).toBe("a\nb\nc")
	})

	it("keeps the head and the tail of long output and counts what it left out", () => {
		const collector = new OutputCollector(limits)
		for (const char of numbered(50)) collector.push(char)
		expect(collector.render()).toBe(
			"line 1\nline 2\nline 3\n\n[... 43 lines, 338 characters omitted of 391 ...]\nline 47\nline 48\nline 49\nline 50\n",
		)
	})

	it("caps one enormous line on both ends", () => {
		const collector = new OutputCollector(limits)
		collector.push("x".repeat(5_000_000))
		const text = collector.render()
		expect(text.length).toBeLessThan(400)
		expect(text).toContain("[... 4999700 characters omitted of 5000000 ...]")
	})

	it("stays bounded however much is pushed", () => {
		const collector = new OutputCollector()
		const chunk = numbered(1000)
		for (let i = 0; i < 200; i++) collector.push(chunk)
		const text = collector.render()
		expect(text.split("\n").length).toBeLessThan(410)
		expect(text).toMatch(/\[\.\.\. 199600 lines, \d+ characters omitted of \d+ \.\.\.\]/)
	})
})

describe("terminalText", () => {
	it("strips colours and keeps only the last redraw of a progress line", () => {
		expect(terminalText("\x1b[31mred\x1b[0m\n10%\r50%\r100%\ndone\r\n")).toBe("red\n100%\ndone\n")
	})
})
