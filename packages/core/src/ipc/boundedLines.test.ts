import { describe, expect, it } from "vitest"
import { BoundedLines } from "./boundedLines.js"

const bytes = (text: string) => Buffer.from(text, "utf8")

describe("BoundedLines", () => {
	it("joins lines across chunks, drops the \\r of CRLF and keeps a character cut between chunks", () => {
		const lines = new BoundedLines(100)
		const euro = bytes("€")
		expect(lines.push(bytes('{"a":1}\n{"b"'))).toEqual(['{"a":1}'])
		expect(lines.push(Buffer.concat([bytes(':"'), euro.subarray(0, 1)]))).toEqual([])
		expect(lines.push(Buffer.concat([euro.subarray(1), bytes('"}\r\n\nlast')]))).toEqual([
			'{"b":"€"}',
			"",
		])
		expect(lines.end()).toBe("last")
		expect(lines.end()).toBeUndefined()
	})

	it("says a line is too long as soon as its unterminated part passes the limit", () => {
		const lines = new BoundedLines(10)
		expect(lines.push(bytes("0123456789"))).toEqual([])
		expect(lines.push(bytes("x"))).toBe("too-long")
	})

	it("says so for a whole line over the limit within one chunk, and takes one at the limit", () => {
		expect(new BoundedLines(10).push(bytes("0123456789\n"))).toEqual(["0123456789"])
		expect(new BoundedLines(10).push(bytes("ok\n0123456789A\n"))).toBe("too-long")
	})
})
