import { describe, expect, it } from "vitest"
import { applySearchReplace } from "./applySearchReplace.js"

const block = (search: string, replace: string, startLine?: number) =>
	`<<<<<<< SEARCH\n${startLine ? `:start_line:${startLine}\n-------\n` : ""}${search}\n=======\n${replace}\n>>>>>>> REPLACE\n`

const source = [
	"export function total(items) {",
	"    let sum = 0",
	"    for (const item of items) {",
	"        sum += item.price",
	"    }",
	"    return sum",
	"}",
	"",
	"export function count(items) {",
	"    return items.length",
	"}",
	"",
].join("\n")

describe("applySearchReplace", () => {
	it("replaces an exact match", () => {
		const result = applySearchReplace(source, block("    return sum", "    return Math.round(sum)"))
		expect(result.ok && result.content).toBe(source.replace("return sum", "return Math.round(sum)"))
	})

	it("applies several blocks regardless of their order in the diff", () => {
		const diff =
			block("    return items.length", "    return items.filter(Boolean).length") +
			block("    let sum = 0", "    let sum = 0n")
		const result = applySearchReplace(source, diff)
		if (!result.ok) throw new Error(result.error)
		expect(result.content).toContain("let sum = 0n")
		expect(result.content).toContain("items.filter(Boolean).length")
		expect(result.blocks.map((b) => b.startLine)).toEqual([2, 10])
	})

	it("matches SEARCH lines copied from read_file with their line numbers, and writes no numbers", () => {
		const numbered = block(
			" 5 |     }\n 6 |     return sum",
			" 5 |     }\n 6 |     return Math.round(sum)",
		)
		const result = applySearchReplace(source, numbered)
		expect(result.ok && result.content).toBe(source.replace("return sum", "return Math.round(sum)"))
	})

	it("prefers the text as written when it matches with its numbers", () => {
		const table = "1 | one\n2 | two\n"
		const result = applySearchReplace(table, block("1 | one", "1 | uno"))
		expect(result.ok && result.content).toBe("1 | uno\n2 | two\n")
	})

	it("never writes a start-line hint repeated at the top of REPLACE into the file", () => {
		const diff =
			"<<<<<<< SEARCH\n:start_line:6\n-------\n    return sum\n=======\n:start_line:6\n-------\n    return 0\n>>>>>>> REPLACE"
		const result = applySearchReplace(source, diff)
		expect(result.ok && result.content).toBe(source.replace("return sum", "return 0"))
	})

	it("tolerates trailing whitespace differences", () => {
		const result = applySearchReplace(source, block("    let sum = 0   ", "    let sum = 1"))
		expect(result.ok && result.blocks[0]?.strategy).toBe("trailing-whitespace")
	})

	it("tolerates a different indentation and re-indents the replacement to the file's", () => {
		const diff = block(
			"for (const item of items) {\n    sum += item.price\n}",
			"for (const item of items) {\n    sum += item.price * item.qty\n}",
		)
		const result = applySearchReplace(source, diff)
		if (!result.ok) throw new Error(result.error)
		expect(result.blocks[0]?.strategy).toBe("indentation")
		expect(result.content).toContain(
			"    for (const item of items) {\n        sum += item.price * item.qty\n    }",
		)
	})

	it("matches SEARCH text whose HTML was escaped by the model", () => {
		const html = "<div>\n  <p>a & b</p>\n</div>\n"
		const result = applySearchReplace(
			html,
			block("  &lt;p&gt;a &amp; b&lt;/p&gt;", "  &lt;p&gt;a &amp;&amp; b&lt;/p&gt;"),
		)
		expect(result.ok && result.content).toBe("<div>\n  <p>a && b</p>\n</div>\n")
	})

	it("refuses an ambiguous match without a hint, naming the lines", () => {
		const result = applySearchReplace(source, block("}", "};"))
		expect(result).toMatchObject({ ok: false })
		if (!result.ok) expect(result.error).toMatch(/appears 2 times \(lines 7, 11\).*:start_line:/)
	})

	it("resolves an ambiguous match with the start-line hint", () => {
		const result = applySearchReplace(source, block("}", "};", 10))
		if (!result.ok) throw new Error(result.error)
		expect(result.content.split("\n")[10]).toBe("};")
		expect(result.content.split("\n")[6]).toBe("}")
	})

	it("changes nothing when one of several blocks does not match, and shows the closest text", () => {
		const diff =
			block("    let sum = 0", "    let sum = 1") +
			block("        sum += item.cost", "        sum += item.cost * 2")
		const result = applySearchReplace(source, diff)
		expect(result.ok).toBe(false)
		if (result.ok) return
		expect(result).not.toHaveProperty("content")
		expect(result.failures.map((f) => f.index)).toEqual([2])
		expect(result.error).toMatch(/^No change was made: 1 of 2 block\(s\)/)
		expect(result.error).toMatch(/closest text is at lines 4-4 \(\d+% similar\)/)
		expect(result.error).toContain("-        sum += item.cost")
		expect(result.error).toContain("+        sum += item.price")
	})

	it("says the file may have changed when nothing is similar", () => {
		const result = applySearchReplace(source, block("class Unrelated extends Thing {}", "x"))
		expect(!result.ok && result.error).toMatch(/Nothing in the file is similar; read the file again/)
	})

	it("refuses overlapping blocks", () => {
		const diff =
			block("    let sum = 0\n    for (const item of items) {", "x") +
			block("    for (const item of items) {\n        sum += item.price", "y")
		const result = applySearchReplace(source, diff)
		expect(!result.ok && result.error).toMatch(/Block 2 overlaps block 1/)
	})

	it("keeps CRLF line endings and the final newline", () => {
		const crlf = "a\r\nb\r\nc\r\n"
		const result = applySearchReplace(crlf, block("b", "B1\nB2"))
		expect(result.ok && result.content).toBe("a\r\nB1\r\nB2\r\nc\r\n")
	})

	it("keeps a file without a final newline without one", () => {
		const result = applySearchReplace("a\nb", block("b", "c"))
		expect(result.ok && result.content).toBe("a\nc")
	})

	it("deletes lines with an empty replacement", () => {
		const result = applySearchReplace("a\nb\nc\n", "<<<<<<< SEARCH\nb\n=======\n>>>>>>> REPLACE")
		expect(result.ok && result.content).toBe("a\nc\n")
	})

	it("reports a malformed diff without touching anything", () => {
		const result = applySearchReplace(source, "<<<<<<< SEARCH\nx\n")
		expect(result).toMatchObject({ ok: false, failures: [] })
		if (!result.ok) expect(result.error).toMatch(/^The diff is malformed/)
	})
})
