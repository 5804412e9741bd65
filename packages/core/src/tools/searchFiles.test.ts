import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { searchFilesTool, searchLimits } from "./searchFiles.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const search = (input: unknown) => callTool(searchFilesTool, input, t.context)

const files = {
	".gitignore": "build/\n",
	"src/a.ts": "import x\n\nfunction handleClick() {\n  return 1\n}\n",
	"src/b.py": "def handle_click():\n    pass\n",
	"build/a.ts": "function handleGenerated() {}\n",
	"private/notes.ts": "function handleSecret() {}\n",
}

describe("search_files", () => {
	it("finds matches with one line of context, grouped by file", async () => {
		await setup({ files })
		const result = await search({ path: ".", regex: "function handle\\w+" })
		expect(result.text).toContain("# src/a.ts\n2 | \n3 | function handleClick() {\n4 |   return 1")
		expect(result.text).toContain("# private/notes.ts\n1 | function handleSecret() {}")
		expect(result.text).not.toContain("build/")
		expect(result.text.startsWith("Found 2 matches in 2 files.")).toBe(true)
		expect(t.approvals).toEqual([
			{
				kind: "read",
				isOutsideWorkspace: false,
				row: {
					tool: "searchFiles",
					path: ".",
					regex: "function handle\\w+",
					filePattern: undefined,
					isOutsideWorkspace: false,
				},
			},
		])
	})

	it("narrows by file_pattern and by path, also a single file", async () => {
		await setup({ files })
		expect((await search({ path: ".", regex: "handle", file_pattern: "*.py" })).text).toBe(
			"Found 1 match in 1 file.\n\n# src/b.py\n1 | def handle_click():\n2 |     pass",
		)
		expect((await search({ path: "src", regex: "return" })).text).toContain("# src/a.ts")
		expect((await search({ path: "src/a.ts", regex: "return" })).text).toContain(
			"# src/a.ts\n3 | function",
		)
	})

	it("hides .cairnignore'd files and says how many", async () => {
		await setup({ files, cairnignore: "private/\n" })
		const result = await search({ path: ".", regex: "handle" })
		expect(result.text).not.toContain("handleSecret")
		expect(result.text).toContain("[Matches in 1 file(s) hidden by .cairnignore.]")
		expect((await search({ path: "private", regex: "x" })).text).toMatch(/blocked by the \.cairnignore/)
	})

	it("separates distant hits in one file and reports no matches plainly", async () => {
		const lines = Array.from({ length: 20 }, (_, i) =>
			i === 2 || i === 15 ? `hit ${i + 1}` : `line ${i + 1}`,
		)
		await setup({ files: { "f.txt": lines.join("\n") } })
		const result = await search({ path: ".", regex: "^hit" })
		expect(result.text).toBe(
			"Found 2 matches in 1 file.\n\n# f.txt\n 2 | line 2\n 3 | hit 3\n 4 | line 4\n----\n15 | line 15\n16 | hit 16\n17 | line 17",
		)
		const none = await search({ path: ".", regex: "nothing-like-this" })
		expect(none.isError).toBeUndefined()
		expect(none.text).toBe('No matches for "nothing-like-this" in ..')
	})

	it("caps the number of matches and clips long lines, with a note", async () => {
		const many = Array.from(
			{ length: 1000 },
			(_, i) => `match ${i} ${"z".repeat(i === 0 ? 5000 : 0)}`,
		).join("\n")
		await setup({ files: { "many.txt": many } })
		const result = await search({ path: ".", regex: "match" })
		expect(result.text.startsWith(`Found ${searchLimits.maxMatches} matches in 1 file.`)).toBe(true)
		expect(result.text).toContain(`[Stopped at ${searchLimits.maxMatches} matches; there are more.`)
		expect(result.text.length).toBeLessThan(20_000)
	})

	it("explains an invalid regex", async () => {
		await setup({ files })
		const result = await search({ path: ".", regex: "handle(" })
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/The regex is invalid for ripgrep[\s\S]*unclosed group[\s\S]*escape/)
	})

	it("flags a folder outside the workspace and shows absolute paths there", async () => {
		await setup()
		await writeFile(path.join(t.outside, "o.txt"), "needle\n")
		const result = await search({ path: "../outside", regex: "needle" })
		expect(result.text).toContain(`# ${path.join(t.outside, "o.txt")}\n1 | needle`)
		expect(t.approvals[0]).toMatchObject({ kind: "read", isOutsideWorkspace: true })
	})

	it("does not search when rejected, and names a missing regex", async () => {
		await setup({ files, approval: "reject" })
		expect((await search({ path: ".", regex: "x" })).text).toMatch(/denied searching \./)
		expect((await search({ path: "." })).text).toContain('Missing required parameter "regex".')
	})
})

describe("search_files in a home-folder workspace", () => {
	const realHome = process.env.HOME
	afterEach(() => {
		process.env.HOME = realHome
	})

	it("never shows matches inside a credential store, and asks before searching one", async () => {
		await setup({
			files: { "notes.md": "password = see vault\n", ".ssh/id_ed25519": "password PRIVATE KEY\n" },
		})
		process.env.HOME = t.workspace
		const result = await search({ path: ".", regex: "password" })
		expect(result.text).toContain("notes.md")
		expect(result.text).not.toContain("PRIVATE KEY")
		await search({ path: ".ssh", regex: "password" })
		expect(t.approvals.at(-1)).toMatchObject({ kind: "read", credentialStore: "~/.ssh" })
	})
})
