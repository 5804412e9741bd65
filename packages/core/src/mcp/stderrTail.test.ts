import { PassThrough } from "node:stream"
import { describe, expect, it } from "vitest"
import { StderrTail } from "./stderrTail.js"

describe("StderrTail", () => {
	it("keeps the last 20 whole lines, newest last", () => {
		const tail = new StderrTail()
		for (let i = 1; i <= 25; i++) tail.add(`line ${i}\n`)
		expect(tail.all).toHaveLength(20)
		expect(tail.all[0]).toBe("line 6")
		expect(tail.all.at(-1)).toBe("line 25")
	})

	it("joins lines split across chunks and holds a line back until its newline", () => {
		const tail = new StderrTail()
		tail.add("Error: can")
		expect(tail.all).toEqual([])
		tail.add("not start\r\n\nat main\n")
		expect(tail.all).toEqual(["Error: cannot start", "at main"])
	})

	it("keeps the unterminated last line when the stream ends, and cuts very long lines", async () => {
		const tail = new StderrTail()
		const stream = new PassThrough()
		tail.follow(stream)
		stream.end(`${"x".repeat(600)}\nlast words`)
		await new Promise((resolve) => stream.on("end", resolve))
		expect(tail.all).toEqual([`${"x".repeat(500)}…`, "last words"])
	})
})
