import { access, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { writeToFileTool } from "./writeToFile.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const write = (input: unknown) => callTool(writeToFileTool, input, t.context)
const exists = (relative: string) =>
	access(path.join(t.workspace, relative)).then(
		() => true,
		() => false,
	)

describe("write_to_file", () => {
	it("creates a new file and its folders after a write approval showing the content", async () => {
		await setup()
		const result = await write({ path: "src/deep/new.ts", content: "export const x = 1\n" })
		expect(result).toMatchObject({ text: "Created src/deep/new.ts." })
		expect(await t.read("src/deep/new.ts")).toBe("export const x = 1\n")
		expect(t.approvals).toEqual([
			{
				kind: "write",
				absolutePath: path.join(t.workspace, "src/deep/new.ts"),
				isOutsideWorkspace: false,
				isProtected: false,
				row: {
					tool: "newFileCreated",
					path: "src/deep/new.ts",
					content: "export const x = 1\n",
					isOutsideWorkspace: false,
					isProtected: false,
				},
			},
		])
	})

	it("replaces an existing file, showing a unified diff", async () => {
		await setup({ files: { "a.txt": "one\ntwo\n" } })
		const result = await write({ path: "a.txt", content: "one\n2\n" })
		expect(result.text).toBe("Saved the new content of a.txt.")
		expect(await t.read("a.txt")).toBe("one\n2\n")
		const request = t.approvals[0]
		expect(request?.kind === "write" && request.row).toMatchObject({
			tool: "editedExistingFile",
			path: "a.txt",
		})
		const diff =
			request?.kind === "write" && request.row.tool === "editedExistingFile" ? request.row.diff : ""
		expect(diff).toContain("--- a.txt\n+++ a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n")
	})

	it("leaves files untouched when the person rejects", async () => {
		await setup({ files: { "a.txt": "keep\n" }, approval: "reject" })
		const changed = await write({ path: "a.txt", content: "gone\n" })
		expect(changed.isError).toBe(true)
		expect(changed.text).toMatch(/denied this change to a.txt; the file was not changed/)
		expect(await t.read("a.txt")).toBe("keep\n")
		await write({ path: "b.txt", content: "new\n" })
		expect(await exists("b.txt")).toBe(false)
	})

	it("saves what the person made of the proposal and tells the model how it differs", async () => {
		await setup({ editBeforeSave: (edit) => edit.proposed.replace("port = 80", "port = 8080") })
		const result = await write({ path: "conf.toml", content: "name = 'x'\nport = 80\n" })
		expect(await t.read("conf.toml")).toBe("name = 'x'\nport = 8080\n")
		expect(result.text).toContain("The user edited your proposal before saving it")
		expect(result.text).toContain("-port = 80\n+port = 8080")
		expect(t.userEdits).toEqual([
			{
				tool: "editedExistingFile",
				path: "conf.toml",
				diff: expect.stringContaining("-port = 80\n+port = 8080"),
			},
		])
	})

	it("passes the person's feedback along with an approval", async () => {
		await setup({
			approval: () => ({
				approved: true,
				automatic: false,
				feedback: { text: "fine, but add tests next" },
			}),
		})
		const result = await write({ path: "x.txt", content: "x\n" })
		expect(result.text).toMatch(/Created x.txt.[\s\S]*<feedback>\nfine, but add tests next\n<\/feedback>/)
	})

	it("strips a code fence wrapped around the whole file", async () => {
		await setup()
		await write({ path: "a.py", content: "```python\nprint('hi')\n```" })
		expect(await t.read("a.py")).toBe("print('hi')\n")
	})

	it("refuses content that stands in for code with a placeholder, before asking", async () => {
		await setup({ files: { "a.ts": "function a() {}\nfunction b() {}\n" } })
		const result = await write({
			path: "a.ts",
			content: "function a() { return 1 }\n// rest of code unchanged\n",
		})
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/looks truncated.*"\/\/ rest of code unchanged".*Nothing was written/s)
		expect(await t.read("a.ts")).toBe("function a() {}\nfunction b() {}\n")
		expect(t.approvals).toEqual([])
	})

	it("refuses to erase an existing file with empty content, but creates empty files", async () => {
		await setup({ files: { "a.ts": "code\n" } })
		const result = await write({ path: "a.ts", content: "" })
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/is empty, which would erase the file/)
		expect(await t.read("a.ts")).toBe("code\n")
		expect((await write({ path: "pkg/__init__.py", content: "" })).text).toBe("Created pkg/__init__.py.")
		expect(await t.read("pkg/__init__.py")).toBe("")
	})

	it("keeps a CRLF file CRLF", async () => {
		await setup({ files: { "w.txt": "a\r\nb\r\n" } })
		await write({ path: "w.txt", content: "a\nc\n" })
		expect(await t.read("w.txt")).toBe("a\r\nc\r\n")
	})

	it("does not clobber a file that changed while the person was deciding", async () => {
		await setup({
			files: { "a.txt": "v1\n" },
			approval: async () => {
				await writeFile(path.join(t.workspace, "a.txt"), "someone else's v2\n")
				return { approved: true, automatic: false }
			},
		})
		const result = await write({ path: "a.txt", content: "mine\n" })
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/a.txt was changed after you read it.*Read the file again/s)
		expect(await t.read("a.txt")).toBe("someone else's v2\n")
	})

	it("does not resurrect a file deleted while waiting, nor overwrite one created meanwhile", async () => {
		await setup({
			files: { "gone.txt": "v1\n" },
			approval: async (request) => {
				if (request.kind === "write" && request.row.tool === "editedExistingFile")
					await rm(path.join(t.workspace, "gone.txt"))
				else await writeFile(path.join(t.workspace, "fresh.txt"), "theirs\n")
				return { approved: true, automatic: false }
			},
		})
		expect((await write({ path: "gone.txt", content: "mine\n" })).text).toMatch(
			/gone.txt was deleted after/,
		)
		expect(await exists("gone.txt")).toBe(false)
		expect((await write({ path: "fresh.txt", content: "mine\n" })).text).toMatch(
			/was created by someone else/,
		)
		expect(await t.read("fresh.txt")).toBe("theirs\n")
	})

	it("flags outside and protected paths for the policy instead of refusing them", async () => {
		await setup()
		await symlink(t.outside, path.join(t.workspace, "out-link"))
		await write({ path: "../outside/a.txt", content: "a" })
		await write({ path: "out-link/b.txt", content: "b" })
		await write({ path: ".vscode/settings.json", content: "{}" })
		await write({ path: "AGENTS.md", content: "# rules" })
		const writes = t.approvals.filter((r) => r.kind === "write")
		const flags = writes.map((r) => [r.isOutsideWorkspace, r.isProtected])
		// Each outside write is first approved as a read: the tool reads the file to compare.
		expect(t.approvals.filter((r) => r.kind === "read" && r.isOutsideWorkspace)).toHaveLength(2)
		expect(flags).toEqual([
			[true, false],
			[true, false],
			[false, true],
			[false, true],
		])
		expect(writes[2]).toMatchObject({ row: { isProtected: true, path: ".vscode/settings.json" } })
	})

	it("refuses .cairnignore'd paths and folders", async () => {
		await setup({ files: { "src/index.ts": "" }, cairnignore: "secret/\n" })
		expect((await write({ path: "secret/x.txt", content: "x" })).text).toMatch(
			/blocked by the \.cairnignore/,
		)
		expect((await write({ path: "src", content: "x" })).text).toMatch(/src is a folder/)
		expect(t.approvals).toEqual([])
	})

	it("discards the preview and rethrows when the approval is cancelled", async () => {
		await setup({
			files: { "a.txt": "keep\n" },
			approval: () => Promise.reject(new Error("task cancelled")),
		})
		await expect(write({ path: "a.txt", content: "new\n" })).rejects.toThrow("task cancelled")
		expect(await t.read("a.txt")).toBe("keep\n")
	})

	it("says so when the content is already there", async () => {
		await setup({ files: { "a.txt": "same\n" } })
		expect((await write({ path: "a.txt", content: "same\n" })).text).toBe(
			"a.txt already has this content; nothing was changed.",
		)
		expect(t.approvals).toEqual([])
	})

	it("names a missing parameter", async () => {
		await setup()
		expect((await write({ path: "a.txt" })).text).toContain('Missing required parameter "content".')
	})

	it("previews the path before the content has finished streaming", () => {
		expect(writeToFileTool.preview?.({ content: "abc" })).toBeUndefined()
		expect(writeToFileTool.preview?.({ path: "a.ts" })).toEqual({
			ask: "tool",
			row: { tool: "newFileCreated", path: "a.ts", content: "" },
		})
	})
})
