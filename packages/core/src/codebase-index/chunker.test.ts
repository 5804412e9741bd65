import { describe, expect, it } from "vitest"
import { LineChunker } from "./chunker.js"

const limits = { targetChars: 120, maxChars: 200, minChars: 30 }

function fn(name: string, bodyLines: number): string {
	const body = Array.from({ length: bodyLines }, (_, i) => `\tconst ${name}Step${i} = ${i}`)
	return [`// ${name} does its work.`, `function ${name}() {`, ...body, "}"].join("\n")
}

describe("LineChunker", () => {
	it("keeps a declaration with its comment and body, and starts the next at its first line", async () => {
		const text = [fn("first", 3), fn("second", 3)].join("\n\n")
		const chunks = await new LineChunker(limits).chunk("a.ts", text)
		expect(chunks.map((c) => [c.startLine, c.endLine])).toEqual([
			[1, 7],
			[8, 13],
		])
		expect(chunks[1]?.text.startsWith("// second")).toBe(true)
	})

	it("packs small neighbours together up to the target size", async () => {
		const text = ["const a = 1", "const b = 2", "const c = 3"].join("\n\n")
		expect(await new LineChunker(limits).chunk("a.ts", text)).toEqual([
			{ startLine: 1, endLine: 5, text },
		])
	})

	it("cuts a block longer than the limit at its least indented line, covering every line once", async () => {
		const methods = Array.from({ length: 12 }, (_, i) => `\tmethod${i}() {\n\t\treturn ${i} + ${i}\n\t}`)
		const text = ["class Big {", ...methods, "}"].join("\n")
		const chunks = await new LineChunker(limits).chunk("big.ts", text)
		expect(chunks.length).toBeGreaterThan(1)
		for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(limits.maxChars)
		for (const chunk of chunks.slice(1)) expect(chunk.text.split("\n")[0]).toMatch(/^\tmethod\d\(\) \{$/)
		const covered = chunks.flatMap((c) =>
			Array.from({ length: c.endLine - c.startLine + 1 }, (_, i) => c.startLine + i),
		)
		expect(covered).toEqual(Array.from({ length: text.split("\n").length }, (_, i) => i + 1))
	})

	it("makes a single overlong line a chunk of its own and skips blank files", async () => {
		const long = "x".repeat(500)
		const chunks = await new LineChunker(limits).chunk("min.js", `${long}\nshort()`)
		expect(chunks[0]).toMatchObject({ startLine: 1, endLine: 1 })
		expect(await new LineChunker(limits).chunk("empty.ts", "\n\n  \n")).toEqual([])
	})

	it("counts lines the same with Windows line ends", async () => {
		const chunks = await new LineChunker(limits).chunk("a.ts", "one()\r\ntwo()\r\n")
		expect(chunks).toEqual([{ startLine: 1, endLine: 2, text: "one()\ntwo()" }])
	})
})
