import { readFile } from "node:fs/promises"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { findDefinitions } from "../code-definitions/definitions.js"
import { grammarFor } from "../code-definitions/languages.js"
import { LineChunker, type Chunk } from "./chunker.js"
import { SyntaxChunker } from "./syntaxChunker.js"

const fixture = (name: string) => readFile(path.join(import.meta.dirname, "fixtures", name), "utf8")
/** Small enough that the fixtures' class and longest function are over the limit. */
const limits = { targetChars: 200, maxChars: 400, minChars: 40 }

const chunkWith = (chunks: Chunk[], text: string) => chunks.find((chunk) => chunk.text.includes(text))
const linesOf = (chunk: Chunk) =>
	Array.from({ length: chunk.endLine - chunk.startLine + 1 }, (_, i) => chunk.startLine + i)

describe("SyntaxChunker", () => {
	it("keeps each definition that fits the limit whole in one chunk, and covers every line once", async () => {
		const text = await fixture("billing.ts")
		const chunks = await new SyntaxChunker(limits).chunk("billing.ts", text)
		const definitions = await findDefinitions(text, grammarFor("billing.ts") ?? expect.fail())
		const fitting = definitions.filter(
			(d) =>
				text
					.split("\n")
					.slice(d.startLine - 1, d.endLine)
					.join("\n").length <= limits.maxChars,
		)
		expect(fitting.map((d) => d.name)).toEqual([
			"Invoice",
			"subtotal",
			"discountRate",
			"record",
			"balance",
			"forget",
		])
		for (const d of fitting)
			expect(
				chunks.some((c) => c.startLine <= d.startLine && d.endLine <= c.endLine),
				d.name,
			).toBe(true)
		for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(limits.maxChars)
		const lineCount = text.split("\n").length - 1
		expect(chunks.flatMap(linesOf)).toEqual(Array.from({ length: lineCount }, (_, i) => i + 1))
	})

	it("cuts where one definition ends and the next begins, with no blank line between them", async () => {
		const chunks = await new SyntaxChunker(limits).chunk("billing.ts", await fixture("billing.ts"))
		const subtotal = chunkWith(chunks, "export function subtotal")
		expect(subtotal?.text).not.toContain("discountRate(customer: Customer)")
		expect(subtotal?.text.startsWith("/** Sums the line items")).toBe(true)
		expect(chunkWith(chunks, "export function discountRate")?.startLine).toBe(12)
	})

	it("cuts a class longer than the limit between its methods, each with its doc comment", async () => {
		const chunks = await new SyntaxChunker(limits).chunk("billing.ts", await fixture("billing.ts"))
		const inLedger = chunks.filter((chunk) => chunk.startLine >= 16 && chunk.endLine <= 39)
		expect(inLedger.map((chunk) => chunk.text.split("\n")[0])).toEqual([
			"// Keeps the ledger of every invoice a customer was sent.",
			"\t/** Records an invoice under its customer. */",
			"\t/** What a customer owes over every invoice recorded for them. */",
			"\t/** Forgets a customer and everything they were sent. */",
		])
	})

	it("cuts a function longer than the limit by lines", async () => {
		const chunks = await new SyntaxChunker(limits).chunk("billing.ts", await fixture("billing.ts"))
		const statement = chunks.filter((chunk) => chunk.startLine >= 40)
		expect(statement.length).toBeGreaterThan(1)
		expect(statement[0]?.text.startsWith("export function formatStatement")).toBe(true)
		expect(statement.at(-1)?.endLine).toBe(52)
	})

	it("with room to spare, packs neighbouring definitions together, still cutting only between them", async () => {
		const text = await fixture("billing.ts")
		const chunks = await new SyntaxChunker().chunk("billing.ts", text)
		expect(chunks.map((chunk) => [chunk.startLine, chunk.endLine])).toEqual([
			[1, 15],
			[16, 39],
			[40, 52],
		])
	})

	it("keeps a Python function's comment and decorator with it, apart from the function right below", async () => {
		const chunks = await new SyntaxChunker({ targetChars: 100, maxChars: 200, minChars: 30 }).chunk(
			"shapes.py",
			await fixture("shapes.py"),
		)
		const cached = chunkWith(chunks, "def cached_area")
		expect(cached?.text.split("\n").slice(0, 2)).toEqual([
			"# Caches the area of shapes already measured.",
			"@functools.lru_cache(maxsize=None)",
		])
		expect(cached?.text).not.toContain("def perimeter")
		expect(chunkWith(chunks, "class Circle")?.text).toContain("def area")
	})

	it("cuts files of languages it does not parse by lines, as LineChunker does", async () => {
		const text = await fixture("NOTES.md")
		expect(await new SyntaxChunker(limits).chunk("NOTES.md", text)).toEqual(
			await new LineChunker(limits).chunk("NOTES.md", text),
		)
	})
})
