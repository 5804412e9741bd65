import { symlink } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import { createTestToolContext, type TestToolContext } from "../test-support/toolContext.js"
import { applyDiffTool } from "../tools/applyDiff.js"
import { insertContentTool } from "../tools/insertContent.js"
import { searchAndReplaceTool } from "../tools/searchAndReplace.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import { writeToFileTool } from "../tools/writeToFile.js"

let t: TestToolContext
afterEach(() => t?.cleanup())

const source = "export const a = 1\n"
const edits = (file: string): [ToolDefinition, Record<string, unknown>][] => [
	[writeToFileTool, { path: file, content: "export const a = 2\n" }],
	[
		applyDiffTool,
		{
			path: file,
			diff: "<<<<<<< SEARCH\nexport const a = 1\n=======\nexport const a = 2\n>>>>>>> REPLACE",
		},
	],
	[insertContentTool, { path: file, line: 0, content: "export const b = 2\n" }],
	[searchAndReplaceTool, { path: file, search: "a = 1", replace: "a = 2" }],
]

describe("an edit in a mode with a file restriction", () => {
	it("is refused when the file does not match, before anyone is asked and without a change", async () => {
		t = await createTestToolContext({ mode: "architect", files: { "src/a.ts": source } })
		for (const [tool, input] of edits("src/a.ts")) {
			const result = await callTool(tool, input, t.context)
			expect(result.isError, tool.name).toBe(true)
			expect(result.text).toContain("Architect mode may only edit Markdown files")
			expect(result.text).toContain("\\.md$|\\.mdx$")
			expect(result.text).toContain("src/a.ts does not match")
		}
		expect(t.approvals).toEqual([])
		expect(await t.read("src/a.ts")).toBe(source)
	})

	it("is refused for a new file that does not match", async () => {
		t = await createTestToolContext({ mode: "architect" })
		const result = await callTool(writeToFileTool, { path: "src/new.ts", content: "x\n" }, t.context)
		expect(result.text).toContain("src/new.ts does not match")
		await expect(t.read("src/new.ts")).rejects.toThrow()
	})

	it("is judged by where a symlink leads, not by its name", async () => {
		t = await createTestToolContext({ mode: "architect", files: { "src/a.ts": source } })
		await symlink(path.join(t.workspace, "src/a.ts"), path.join(t.workspace, "plan.md"))
		for (const [tool, input] of edits("plan.md")) {
			const result = await callTool(tool, input, t.context)
			expect(result.text, tool.name).toContain("src/a.ts does not match")
		}
		expect(await t.read("src/a.ts")).toBe(source)
	})

	it("goes ahead when the file matches", async () => {
		t = await createTestToolContext({ mode: "architect", files: { "docs/plan.md": "# Plan\n" } })
		const result = await callTool(
			searchAndReplaceTool,
			{ path: "docs/plan.md", search: "# Plan", replace: "# The plan" },
			t.context,
		)
		expect(result.isError).toBeFalsy()
		expect(await t.read("docs/plan.md")).toBe("# The plan\n")
		const created = await callTool(writeToFileTool, { path: "docs/new.mdx", content: "hi\n" }, t.context)
		expect(created.isError).toBeFalsy()
		expect(await t.read("docs/new.mdx")).toBe("hi\n")
	})

	it("in a mode without a restriction, any file may be edited", async () => {
		t = await createTestToolContext({ mode: "code", files: { "src/a.ts": source } })
		const result = await callTool(
			writeToFileTool,
			{ path: "src/a.ts", content: "export const a = 2\n" },
			t.context,
		)
		expect(result.isError).toBeFalsy()
		expect(await t.read("src/a.ts")).toBe("export const a = 2\n")
	})
})
