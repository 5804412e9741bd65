import { spawn } from "node:child_process"
import { describe, expect, it } from "vitest"
import { CliChild } from "./cliProcess.js"

// A child that prints one whole line and half of the next, then finishes that line only when
// told to on stdin: the helper sees a half-written line for as long as the test wants.
const halfLine = `
process.stdout.write('{"a":1}\\n{"b":')
process.stdin.once("data", () => process.stdout.write('2}\\n{"c":3}', () => process.exit(0)))
`

describe("CliChild.lines", () => {
	it("parses only newline-terminated lines while the process runs, and the last line once it ends", async () => {
		const child = new CliChild(spawn(process.execPath, ["-e", halfLine], { stdio: "pipe" }))
		await child.waitFor((c) => c.stdout.includes('{"b":'), "the half-written line")
		expect(child.lines).toEqual([{ a: 1 }])
		child.write("go")
		expect(await child.waitForLine((l) => "b" in l, "the finished line")).toEqual({ b: 2 })
		await child.exited
		expect(child.lines).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }])
	})
})
