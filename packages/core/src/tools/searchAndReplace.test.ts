import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { searchAndReplaceTool } from "./searchAndReplace.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const replace = (input: unknown) => callTool(searchAndReplaceTool, input, t.context)

describe("search_and_replace", () => {
	it("replaces every literal occurrence, taking $ in the replacement literally", async () => {
		await setup({ files: { "a.js": "let a = foo(1)\nfoo(2)\nFoo(3)\n" } })
		const result = await replace({ path: "a.js", search: "foo(", replace: "$bar(" })
		expect(result.text).toBe("Replaced 2 occurrences in a.js.")
		expect(await t.read("a.js")).toBe("let a = $bar(1)\n$bar(2)\nFoo(3)\n")
		expect(t.approvals[0]).toMatchObject({
			kind: "write",
			row: {
				tool: "searchAndReplace",
				path: "a.js",
				search: "foo(",
				replace: "$bar(",
				useRegex: false,
				ignoreCase: false,
			},
		})
	})

	it("supports regular expressions with groups, and ignoring case", async () => {
		await setup({ files: { "a.py": "print(x)\nPRINT(y)\n" } })
		await replace({
			path: "a.py",
			search: "print\\((\\w+)\\)",
			replace: "log($1)",
			use_regex: true,
			ignore_case: true,
		})
		expect(await t.read("a.py")).toBe("log(x)\nlog(y)\n")
	})

	it("matches multi-line text in a CRLF file", async () => {
		await setup({ files: { "w.txt": "a\r\nb\r\nc\r\n" } })
		await replace({ path: "w.txt", search: "a\nb", replace: "A\nB" })
		expect(await t.read("w.txt")).toBe("A\r\nB\r\nc\r\n")
	})

	it("fails without changing the file when nothing matches", async () => {
		await setup({ files: { "a.txt": "hello\n" } })
		const result = await replace({ path: "a.txt", search: "Hello", replace: "bye" })
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/"Hello" was not found in a.txt; the file was not changed.*ignore_case/)
		expect(await t.read("a.txt")).toBe("hello\n")
		expect(t.approvals).toEqual([])
	})

	it("reports an invalid regular expression", async () => {
		await setup({ files: { "a.txt": "x" } })
		const result = await replace({ path: "a.txt", search: "(unclosed", replace: "", use_regex: true })
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/not a valid regular expression.*use_regex to false/)
	})

	it("runs the model's pattern on a linear-time engine: one that backtracks for ever in JavaScript answers", async () => {
		await setup({ files: { "a.txt": `${"a".repeat(5_000)}!\n` } })
		const result = await replace({ path: "a.txt", search: "(a+)+$", replace: "", use_regex: true })
		expect(result.text).toMatch(/was not found in a.txt/)
	})

	it("says plainly that lookaround and backreferences are not run", async () => {
		await setup({ files: { "a.txt": "ab\n" } })
		for (const search of ["a(?=b)", "(a)\\1"]) {
			const result = await replace({ path: "a.txt", search, replace: "", use_regex: true })
			expect(result.isError).toBe(true)
			expect(result.text).toMatch(
				/uses a backreference or lookaround .* does not run; rewrite it without them\. Fix it/,
			)
		}
	})

	it("expands $& and $$ in a regex replacement as JavaScript does, and matches ^ at every line", async () => {
		await setup({ files: { "a.txt": "one\ntwo\n" } })
		await replace({ path: "a.txt", search: "^(\\w)", replace: "[$&$$$1]", use_regex: true })
		expect(await t.read("a.txt")).toBe("[o$o]ne\n[t$t]wo\n")
	})

	it("leaves the file untouched when rejected, or when it changed meanwhile", async () => {
		await setup({ files: { "a.txt": "x\n" }, approval: "reject" })
		await replace({ path: "a.txt", search: "x", replace: "y" })
		expect(await t.read("a.txt")).toBe("x\n")
		await t.cleanup()
		await setup({
			files: { "a.txt": "x\n" },
			approval: async () => {
				await writeFile(path.join(t.workspace, "a.txt"), "x x\n")
				return { approved: true, automatic: false }
			},
		})
		expect((await replace({ path: "a.txt", search: "x", replace: "y" })).text).toMatch(
			/changed after you read it/,
		)
		expect(await t.read("a.txt")).toBe("x x\n")
	})

	it("rejects a boolean given as a string with a clear message", async () => {
		await setup({ files: { "a.txt": "x" } })
		const result = await replace({ path: "a.txt", search: "x", replace: "y", use_regex: "yes" })
		expect(result.text).toMatch(/Parameter "use_regex": Invalid input: expected boolean, received string/)
	})
})
