import { describe, expect, it } from "vitest"
import { splitIntoChunks } from "./chunking.js"

describe("splitIntoChunks", () => {
	it("splits into N near-equal pieces that join back to the text", () => {
		const text = '{"path":"src/index.ts","content":"hello"}'
		const pieces = splitIntoChunks(text, 7)
		expect(pieces).toHaveLength(7)
		expect(pieces.join("")).toBe(text)
		const lengths = pieces.map((p) => p.length)
		expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1)
	})

	it("never splits a surrogate pair", () => {
		const pieces = splitIntoChunks("a😀b😀", 4)
		expect(pieces).toEqual(["a", "😀", "b", "😀"])
	})

	it("gives fewer pieces for short text and none for empty text", () => {
		expect(splitIntoChunks("ab", 5)).toEqual(["a", "b"])
		expect(splitIntoChunks("", 3)).toEqual([])
		expect(splitIntoChunks("abc", 0)).toEqual(["abc"])
	})
})
