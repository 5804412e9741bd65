import { describe, expect, it } from "vitest"
import { withoutLineNumbers } from "./lineNumberPrefixes.js"

const block = (search: string[], replace: string[], startLine?: number) => ({
	index: 1,
	search,
	replace,
	...(startLine !== undefined && { startLine }),
})

describe("withoutLineNumbers", () => {
	it("strips read_file's prefixes from SEARCH and REPLACE, keeping indentation and blank lines", () => {
		const plain = withoutLineNumbers(
			block(
				[" 9 | if (a) {", "10 |     go()", "11 |", "", "12 | }"],
				["  9 | if (b) {", " 10 |     stop()", " 11 | }"],
			),
		)
		expect(plain).toEqual(
			block(["if (a) {", "    go()", "", "", "}"], ["if (b) {", "    stop()", "}"], 9),
		)
	})

	it("leaves REPLACE as written unless every line of it is numbered", () => {
		const plain = withoutLineNumbers(block(["1 | a", "2 | b"], ["1 | a", "x = 1 | 2"], 7))
		expect(plain).toEqual(block(["a", "b"], ["1 | a", "x = 1 | 2"], 7))
	})

	it("does nothing unless every non-empty SEARCH line is numbered", () => {
		expect(withoutLineNumbers(block(["1 | a", "b"], ["c"]))).toBeUndefined()
		expect(withoutLineNumbers(block(["", " "], ["c"]))).toBeUndefined()
		expect(withoutLineNumbers(block(["1|a"], ["c"]))).toBeUndefined()
	})
})
