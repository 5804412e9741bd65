import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { insertContentTool } from "./insertContent.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const insert = (input: unknown) => callTool(insertContentTool, input, t.context)

describe("insert_content", () => {
	it("inserts before a 1-based line, with an insertContent row", async () => {
		await setup({ files: { "a.ts": "one\ntwo\nthree\n" } })
		const result = await insert({ path: "a.ts", line: 2, content: "inserted\nalso\n" })
		expect(result.text).toBe("Inserted 2 lines before line 2 of a.ts.")
		expect(await t.read("a.ts")).toBe("one\ninserted\nalso\ntwo\nthree\n")
		expect(t.approvals[0]).toMatchObject({
			kind: "write",
			row: {
				tool: "insertContent",
				path: "a.ts",
				lineNumber: 2,
				diff: expect.stringContaining("+inserted\n+also"),
			},
		})
	})

	it("inserts at the top with line 1 and appends with line 0", async () => {
		await setup({ files: { "a.ts": "body\n", "b.txt": "no newline at end" } })
		await insert({ path: "a.ts", line: 1, content: "import x" })
		await insert({ path: "a.ts", line: 0, content: "export {}" })
		expect(await t.read("a.ts")).toBe("import x\nbody\nexport {}\n")
		expect((await insert({ path: "b.txt", line: 0, content: "more" })).text).toBe(
			"Appended 1 line to the end of b.txt.",
		)
		expect(await t.read("b.txt")).toBe("no newline at end\nmore")
	})

	it("accepts the line right after the last one, refuses lines past it", async () => {
		await setup({ files: { "a.txt": "a\nb\n" } })
		await insert({ path: "a.txt", line: 3, content: "c" })
		expect(await t.read("a.txt")).toBe("a\nb\nc\n")
		const past = await insert({ path: "a.txt", line: 9, content: "z" })
		expect(past.isError).toBe(true)
		expect(past.text).toMatch(/line 9 is past the end of a.txt, which has 3 lines. Use 0/)
		expect(await t.read("a.txt")).toBe("a\nb\nc\n")
	})

	it("keeps CRLF line breaks", async () => {
		await setup({ files: { "w.txt": "a\r\nb\r\n" } })
		await insert({ path: "w.txt", line: 2, content: "x\ny" })
		expect(await t.read("w.txt")).toBe("a\r\nx\r\ny\r\nb\r\n")
	})

	it("leaves the file untouched when the person rejects", async () => {
		await setup({ files: { "a.txt": "a\n" }, approval: "reject" })
		expect((await insert({ path: "a.txt", line: 1, content: "z" })).isError).toBe(true)
		expect(await t.read("a.txt")).toBe("a\n")
	})

	it("refuses to save over a change made while waiting for approval", async () => {
		await setup({
			files: { "a.txt": "a\n" },
			approval: async () => {
				await writeFile(path.join(t.workspace, "a.txt"), "changed\n")
				return { approved: true, automatic: false }
			},
		})
		expect((await insert({ path: "a.txt", line: 1, content: "z" })).text).toMatch(
			/was changed after you read it/,
		)
		expect(await t.read("a.txt")).toBe("changed\n")
	})

	it("explains missing files and ignored paths, and validates line", async () => {
		await setup({ files: { "hidden/a.txt": "a" }, cairnignore: "hidden/" })
		expect((await insert({ path: "none.txt", line: 0, content: "x" })).text).toMatch(/does not exist/)
		expect((await insert({ path: "hidden/a.txt", line: 0, content: "x" })).text).toMatch(/\.cairnignore/)
		expect((await insert({ path: "a.txt", line: -1, content: "x" })).text).toMatch(/Parameter "line"/)
		expect((await insert({ path: "a.txt", content: "x" })).text).toContain(
			'Missing required parameter "line".',
		)
	})
})
