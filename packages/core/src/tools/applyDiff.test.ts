import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { applyDiffTool } from "./applyDiff.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const apply = (input: unknown) => callTool(applyDiffTool, input, t.context)
const block = (search: string, replace: string) =>
	`<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE`

const source = "function total(items) {\n\tlet sum = 0\n\tfor (const i of items) sum += i\n\treturn sum\n}\n"

describe("apply_diff", () => {
	it("applies blocks after a write approval with a unified diff row", async () => {
		await setup({ files: { "src/total.js": source } })
		const result = await apply({
			path: "src/total.js",
			diff:
				block("\treturn sum", "\treturn Math.round(sum)") +
				"\n" +
				block("\tlet sum = 0", "\tlet sum = 0.0"),
		})
		expect(result.text).toBe("Applied 2 blocks (at lines 2, 4) to src/total.js.")
		expect(await t.read("src/total.js")).toBe(
			"function total(items) {\n\tlet sum = 0.0\n\tfor (const i of items) sum += i\n\treturn Math.round(sum)\n}\n",
		)
		expect(t.approvals[0]).toMatchObject({
			kind: "write",
			row: {
				tool: "appliedDiff",
				path: "src/total.js",
				diff: expect.stringContaining("-\treturn sum\n+\treturn Math.round(sum)"),
			},
		})
	})

	it("changes nothing when one block does not match, and names the closest text", async () => {
		await setup({ files: { "t.js": source } })
		const result = await apply({
			path: "t.js",
			diff: block("\treturn sum", "\treturn 1") + "\n" + block("\tlet summ = 0", "\tlet sum = 2"),
		})
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(
			/No change was made: 1 of 2 block\(s\)[\s\S]*closest text is at lines 2-2/,
		)
		expect(result.text).toMatch(/t.js was not changed.$/)
		expect(await t.read("t.js")).toBe(source)
		expect(t.approvals).toEqual([])
	})

	it("reports a malformed diff", async () => {
		await setup({ files: { "t.js": source } })
		const result = await apply({ path: "t.js", diff: "replace return sum with return 1" })
		expect(result.text).toMatch(/The diff is malformed/)
		expect(await t.read("t.js")).toBe(source)
	})

	it("leaves the file untouched when the person rejects", async () => {
		await setup({ files: { "t.js": source }, approval: "reject" })
		const result = await apply({ path: "t.js", diff: block("\treturn sum", "\treturn 0") })
		expect(result.isError).toBe(true)
		expect(await t.read("t.js")).toBe(source)
	})

	it("refuses to save when the file changed between reading it and saving", async () => {
		await setup({
			files: { "t.js": source },
			approval: async () => {
				await writeFile(
					path.join(t.workspace, "t.js"),
					source.replace("let sum = 0", "let sum = 100"),
				)
				return { approved: true, automatic: false }
			},
		})
		const result = await apply({ path: "t.js", diff: block("\treturn sum", "\treturn -sum") })
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/t.js was changed after you read it/)
		expect(await t.read("t.js")).toContain(
			"let sum = 100\n\tfor (const i of items) sum += i\n\treturn sum\n",
		)
	})

	it("refuses to save when only the modification time moved (someone rewrote it)", async () => {
		await setup({
			files: { "t.js": source },
			approval: async () => {
				const { utimes } = await import("node:fs/promises")
				const later = new Date(Date.now() + 60_000)
				await utimes(path.join(t.workspace, "t.js"), later, later)
				return { approved: true, automatic: false }
			},
		})
		const result = await apply({ path: "t.js", diff: block("\treturn sum", "\treturn -sum") })
		expect(result.text).toMatch(/t.js was written to after you read it/)
		expect(await t.read("t.js")).toBe(source)
	})

	it("keeps CRLF line breaks", async () => {
		await setup({ files: { "w.txt": "a\r\nb\r\nc\r\n" } })
		await apply({ path: "w.txt", diff: block("b", "B") })
		expect(await t.read("w.txt")).toBe("a\r\nB\r\nc\r\n")
	})

	it("explains a missing file, a binary file and an ignored file", async () => {
		await setup({ files: { "private/k.txt": "k" }, cairnignore: "private/\n" })
		await writeFile(path.join(t.workspace, "bin.dat"), Buffer.from([1, 0, 2]))
		expect((await apply({ path: "nope.js", diff: block("a", "b") })).text).toMatch(
			/does not exist.*write_to_file/,
		)
		expect((await apply({ path: "bin.dat", diff: block("a", "b") })).text).toMatch(/binary file/)
		expect((await apply({ path: "private/k.txt", diff: block("k", "K") })).text).toMatch(/\.cairnignore/)
		expect(t.approvals).toEqual([])
	})

	it("asks to read a file outside the workspace, then flags the write", async () => {
		await setup()
		await writeFile(path.join(t.outside, "o.txt"), "x\n")
		await apply({ path: "../outside/o.txt", diff: block("x", "y") })
		expect(t.approvals[0]).toMatchObject({ kind: "read", isOutsideWorkspace: true })
		expect(t.approvals[1]).toMatchObject({
			kind: "write",
			isOutsideWorkspace: true,
			row: { isOutsideWorkspace: true },
		})
	})

	it("names the missing parameter", async () => {
		await setup()
		expect((await apply({ path: "a" })).text).toContain('Missing required parameter "diff".')
	})
})
