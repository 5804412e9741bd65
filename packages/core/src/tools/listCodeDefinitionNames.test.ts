import { execFileSync } from "node:child_process"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { definitionLimits, listCodeDefinitionNamesTool } from "./listCodeDefinitionNames.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const outline = (input: unknown) => callTool(listCodeDefinitionNamesTool, input, t.context)

// Grammars load from wasm on a busy machine: generous, never relied on for ordering.
const slow = { timeout: 60_000 }

const project = {
	".gitignore": "dist/\n",
	"src/server.ts": "export class Server {\n\tstart(): void {}\n}\n\nexport function serve() {}\n",
	"src/util.py": "def helper():\n    return 1\n",
	"src/README.md": "# not code\n",
	"src/deep/inner.ts": "export function hidden() {}\n",
	"src/dist.ts": "export const shipped = 1\n",
	"dist/bundle.js": "function bundled() {}\n",
	"src/secret.ts": "export function key() {}\n",
}

describe("list_code_definition_names", () => {
	it("outlines one file with line ranges and each definition's first line", slow, async () => {
		await setup({ files: project })
		const result = await outline({ path: "src/server.ts" })
		expect(result.isError).toBeUndefined()
		expect(result.text).toBe(
			[
				"# src/server.ts",
				"1--3 | export class Server {",
				"2--2 | \tstart(): void {}",
				"5--5 | export function serve() {}",
			].join("\n"),
		)
		expect(t.approvals).toEqual([
			{
				kind: "read",
				isOutsideWorkspace: false,
				row: { tool: "listCodeDefinitionNames", path: "src/server.ts", isOutsideWorkspace: false },
			},
		])
	})

	it(
		"outlines the source files at a folder's top level, not its subfolders, skipping what .gitignore excludes",
		slow,
		async () => {
			await setup({ files: { ...project, "src/.gitignore": "secret.ts\n" } })
			const result = await outline({ path: "src" })
			expect(result.text).toBe(
				[
					"# src/dist.ts",
					"1--1 | export const shipped = 1",
					"",
					"# src/server.ts",
					"1--3 | export class Server {",
					"2--2 | \tstart(): void {}",
					"5--5 | export function serve() {}",
					"",
					"# src/util.py",
					"1--2 | def helper():",
				].join("\n"),
			)
			expect((await outline({ path: "." })).text).toMatch(
				/^No definitions found in the source files at the top level of \./,
			)
		},
	)

	it("honours .cairnignore for the folder's files and for a file asked for by name", slow, async () => {
		await setup({ files: project, cairnignore: "secret.ts\n" })
		const folder = await outline({ path: "src" })
		expect(folder.text).not.toContain("secret")
		expect(folder.text).toContain("[1 files hidden by .cairnignore.]")
		const file = await outline({ path: "src/secret.ts" })
		expect(file.isError).toBe(true)
		expect(file.text).toMatch(/blocked by the \.cairnignore file/)
		expect(file.text).not.toContain("key")
	})

	it("asks before outlining outside the workspace, and shows nothing when refused", slow, async () => {
		await setup({
			approval: (request) =>
				"isOutsideWorkspace" in request && request.isOutsideWorkspace
					? { approved: false }
					: { approved: true, automatic: true },
		})
		await writeFile(path.join(t.outside, "tool.go"), "package tool\n\nfunc Run() {}\n")
		const refused = await outline({ path: "../outside/tool.go" })
		expect(refused.isError).toBe(true)
		expect(refused.text).toMatch(/^The user denied listing /)
		expect(refused.text).not.toContain("Run")
		expect(t.approvals).toEqual([
			{
				kind: "read",
				isOutsideWorkspace: true,
				row: {
					tool: "listCodeDefinitionNames",
					path: "../outside/tool.go",
					isOutsideWorkspace: true,
				},
			},
		])
	})

	it("caps a large outline and says how to narrow it", slow, async () => {
		await setup()
		const functions = (prefix: string, count: number) =>
			Array.from({ length: count }, (_, index) => `function ${prefix}${index}() {}`).join("\n")
		await mkdir(path.join(t.workspace, "big"))
		await writeFile(path.join(t.workspace, "big", "a.js"), functions("a", 300))
		await writeFile(path.join(t.workspace, "big", "b.js"), functions("b", 150))
		const result = await outline({ path: "big" })
		const shown = result.text.split("\n").filter((line) => / \| function /.test(line))
		expect(shown).toHaveLength(definitionLimits.maxDefinitions)
		expect(result.text).toContain(
			`[50 more definitions not shown: the outline is capped at ${definitionLimits.maxDefinitions}. Ask for a single file or a subfolder to see the rest.]`,
		)
	})

	it("explains what it cannot outline", slow, async () => {
		await setup({ files: project })
		expect((await outline({ path: "src/README.md" })).text).toMatch(
			/is not a source file this tool can outline/,
		)
		expect((await outline({ path: "src/missing.ts" })).text).toMatch(/does not exist/)
	})
})

describe("list_code_definition_names on what is not a regular file", () => {
	it.runIf(process.platform !== "win32")(
		"says a FIFO named like source is not a regular file at once, and outlines its folder",
		slow,
		async () => {
			await setup({ files: { "src/server.ts": project["src/server.ts"] } })
			execFileSync("mkfifo", [path.join(t.workspace, "src", "pipe.ts")])
			const alone = await outline({ path: "src/pipe.ts" })
			expect(alone.isError).toBe(true)
			expect(alone.text).toBe(
				"src/pipe.ts is a FIFO (named pipe), not a regular file; use search_files to find what you need in it.",
			)
			const folder = await outline({ path: "src" })
			expect(folder.text).toContain("# src/server.ts")
		},
	)
})
