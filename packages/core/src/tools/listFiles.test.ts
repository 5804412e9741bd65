import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { listFilesTool, listLimits } from "./listFiles.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const list = (input: unknown) => callTool(listFilesTool, input, t.context)

const project = {
	"package.json": "{}",
	".gitignore": "node_modules/\ndist/\n*.log\n",
	".github/workflows/ci.yml": "on: push",
	"src/index.ts": "",
	"src/lib/util.ts": "",
	"src/lib/deep/more.ts": "",
	"node_modules/pkg/index.js": "",
	"dist/out.js": "",
	"debug.log": "",
	"secrets/key.pem": "",
}

describe("list_files", () => {
	it("lists the top level with folders marked by /", async () => {
		await setup({ files: project })
		const result = await list({ path: "." })
		expect(result.text.split("\n")).toEqual([
			".github/",
			".gitignore",
			"debug.log",
			"dist/",
			"node_modules/",
			"package.json",
			"secrets/",
			"src/",
		])
		expect(t.approvals).toEqual([
			{
				kind: "read",
				isOutsideWorkspace: false,
				row: { tool: "listFilesTopLevel", path: ".", isOutsideWorkspace: false },
			},
		])
	})

	it("lists recursively, honouring .gitignore, with workspace-relative paths", async () => {
		await setup({ files: project })
		const result = await list({ path: ".", recursive: true })
		expect(result.text.split("\n")).toEqual([
			".github/",
			".github/workflows/",
			".github/workflows/ci.yml",
			".gitignore",
			"package.json",
			"secrets/",
			"secrets/key.pem",
			"src/",
			"src/index.ts",
			"src/lib/",
			"src/lib/deep/",
			"src/lib/deep/more.ts",
			"src/lib/util.ts",
		])
		expect(t.approvals[0]).toMatchObject({ row: { tool: "listFilesRecursive" } })
		expect((await list({ path: "src/lib", recursive: true })).text.split("\n")).toEqual([
			"src/lib/deep/",
			"src/lib/deep/more.ts",
			"src/lib/util.ts",
		])
	})

	it("omits .cairnignore'd entries and says how many", async () => {
		await setup({ files: project, cairnignore: "secrets/\n*.pem\n" })
		const top = await list({ path: "." })
		expect(top.text).not.toContain("secrets/")
		expect(top.text).toContain("[1 entries hidden by .cairnignore.]")
		const deep = await list({ path: ".", recursive: true })
		expect(deep.text).not.toMatch(/secrets|key\.pem/)
		expect(deep.text).toContain("[1 entries hidden by .cairnignore.]")
		expect((await list({ path: "secrets" })).text).toMatch(/blocked by the \.cairnignore file/)
	})

	it("caps a large tree, keeping the upper levels, with a note", async () => {
		await setup()
		for (let d = 0; d < 30; d++) {
			await mkdir(path.join(t.workspace, `dir${d}`, "sub"), { recursive: true })
			for (let f = 0; f < 20; f++)
				await writeFile(path.join(t.workspace, `dir${d}`, "sub", `f${f}.txt`), "")
		}
		await writeFile(path.join(t.workspace, "top.txt"), "")
		const result = await list({ path: ".", recursive: true })
		const entries = result.text.split("\n\n")[0]?.split("\n") ?? []
		expect(entries).toHaveLength(listLimits.maxEntries)
		expect(entries).toContain("top.txt")
		expect(entries).toContain("dir29/")
		expect(entries).toContain("dir29/sub/")
		expect(result.text).toContain(
			`[161 more entries not shown: the listing is capped at ${listLimits.maxEntries}.`,
		)
	})

	it("flags a folder outside the workspace (by .. or a symlink) and lists it with absolute paths", async () => {
		await setup()
		await writeFile(path.join(t.outside, "o.txt"), "")
		await mkdir(path.join(t.outside, "sub"))
		await writeFile(path.join(t.outside, "sub", "p.txt"), "")
		await symlink(t.outside, path.join(t.workspace, "link"))
		const viaDots = await list({ path: "../outside" })
		expect(viaDots.text).toBe(`${t.outside}/o.txt\n${t.outside}/sub/`)
		const viaLink = await list({ path: "link", recursive: true })
		expect(viaLink.text).toBe(`${t.outside}/o.txt\n${t.outside}/sub/\n${t.outside}/sub/p.txt`)
		expect(t.approvals.map((a) => a.kind === "read" && a.isOutsideWorkspace)).toEqual([true, true])
	})

	it("explains a missing folder, a file, an empty folder and a rejection", async () => {
		await setup({ files: { "a.txt": "" } })
		await mkdir(path.join(t.workspace, "empty"))
		expect((await list({ path: "nope" })).text).toMatch(/does not exist/)
		expect((await list({ path: "a.txt" })).text).toMatch(/is a file.*read_file/)
		expect((await list({ path: "empty" })).text).toBe("empty is empty.")
		expect((await list({ path: "empty", recursive: true })).text).toMatch(/No files found in empty/)
		await t.cleanup()
		await setup({ approval: "reject" })
		expect((await list({ path: "." })).text).toMatch(/denied listing \./)
	})

	it("previews the row from the path, and names a missing path", async () => {
		await setup()
		expect(listFilesTool.preview?.({ path: "src", recursive: true })).toEqual({
			ask: "tool",
			row: { tool: "listFilesRecursive", path: "src" },
		})
		expect((await list({ recursive: true })).text).toContain('Missing required parameter "path".')
	})
})
