import { copyFile, mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { ModeCatalog } from "./modeCatalog.js"

const fixtures = path.join(import.meta.dirname, "fixtures", "other-tools")

describe("Roo Code's .roomodes", () => {
	let temp: { dir: string; remove(): Promise<void> }
	let workspaceRoot: string
	let globalFile: string
	const catalogs: ModeCatalog[] = []
	const open = async () => {
		const catalog = await ModeCatalog.open({
			workspaceRoot,
			globalFile,
			logger: recordingLogger(),
			watch: false,
		})
		catalogs.push(catalog)
		return catalog
	}
	const custom = (catalog: ModeCatalog) =>
		catalog.snapshot().modes.filter((mode) => mode.source !== "builtin")

	beforeEach(async () => {
		temp = await makeTempDir("cairn-roomodes-")
		workspaceRoot = path.join(temp.dir, "workspace")
		globalFile = path.join(temp.dir, "storage", "settings", "custom_modes.yaml")
		await mkdir(path.join(workspaceRoot, ".cairn"), { recursive: true })
		await mkdir(path.dirname(globalFile), { recursive: true })
	})
	afterEach(async () => {
		for (const catalog of catalogs.splice(0)) catalog.dispose()
		await temp.remove()
	})

	it("adds the modes of a YAML .roomodes as the workspace's, restricted groups and all, from that file", async () => {
		await copyFile(path.join(fixtures, "roomodes.yaml"), path.join(workspaceRoot, ".roomodes"))
		const catalog = await open()
		expect(custom(catalog)).toEqual([
			{
				slug: "docs-writer",
				name: "📝 Docs Writer",
				roleDefinition: "You are a technical writer.\nYou keep the docs short.",
				// Roo's description says when to use a mode that does not.
				whenToUse: "Writes and edits the documentation",
				groups: [
					{ group: "read" },
					{
						group: "edit",
						restriction: { fileRegex: "\\.(md|mdx)$", description: "Markdown files only" },
					},
				],
				customInstructions: "Prefer short sentences.",
				source: "project",
				fromFile: ".roomodes",
			},
		])
		// A repository's file may not redefine a built-in mode, Roo's or not.
		expect(catalog.mode("code").name).toBe("Code")
		expect(catalog.snapshot().problems.map((problem) => problem.text)).toEqual([
			expect.stringMatching(/^\.roomodes.*customModes\[1\]\.slug.*code/),
		])
	})

	it("reads a .roomodes written in JSON", async () => {
		await copyFile(path.join(fixtures, "roomodes.json"), path.join(workspaceRoot, ".roomodes"))
		const catalog = await open()
		expect(
			custom(catalog).map((mode) => [mode.slug, mode.whenToUse, mode.groups.map((g) => g.group)]),
		).toEqual([["reviewer", "Reviewing a change before it lands.", ["read", "command", "mcp"]]])
		expect(catalog.snapshot().problems).toEqual([])
	})

	it("lets Cairn's own mode of the same slug win, and says which file's mode it hides", async () => {
		await copyFile(path.join(fixtures, "roomodes.json"), path.join(workspaceRoot, ".roomodes"))
		await writeFile(
			path.join(workspaceRoot, ".cairn", "modes.yaml"),
			"customModes:\n  - slug: reviewer\n    name: Cairn Reviewer\n    roleDefinition: You review.\n    whenToUse: Reviews.\n    groups: [read]\n",
		)
		const catalog = await open()
		expect(
			custom(catalog).map(({ slug, name, shadows, fromFile }) => ({ slug, name, shadows, fromFile })),
		).toEqual([{ slug: "reviewer", name: "Cairn Reviewer", shadows: [".roomodes"], fromFile: undefined }])
		expect(catalog.mode("reviewer").name).toBe("Cairn Reviewer")
	})

	it("lets the person's own mode win over the repository's .roomodes too", async () => {
		await copyFile(path.join(fixtures, "roomodes.json"), path.join(workspaceRoot, ".roomodes"))
		await writeFile(
			globalFile,
			"customModes:\n  - slug: reviewer\n    name: My Reviewer\n    roleDefinition: You review.\n    whenToUse: Reviews.\n    groups: [read]\n",
		)
		const catalog = await open()
		expect(custom(catalog).map(({ name, source, shadows }) => ({ name, source, shadows }))).toEqual([
			{ name: "My Reviewer", source: "global", shadows: [".roomodes"] },
		])
	})

	it("never reads a .roomodes that links outside the workspace", async () => {
		const outside = path.join(temp.dir, "outside.yaml")
		await copyFile(path.join(fixtures, "roomodes.yaml"), outside)
		await symlink(outside, path.join(workspaceRoot, ".roomodes"))
		const catalog = await open()
		expect(custom(catalog)).toEqual([])
		expect(catalog.snapshot().problems.map((problem) => problem.text)).toEqual([
			".roomodes is a link to a file outside the workspace; it was not read",
		])
	})

	it("refuses an oversized .roomodes whole", async () => {
		await writeFile(
			path.join(workspaceRoot, ".roomodes"),
			`customModes: []\n${"# padding\n".repeat(120_000)}`,
		)
		const catalog = await open()
		expect(custom(catalog)).toEqual([])
		expect(catalog.snapshot().problems).toHaveLength(1)
		expect(catalog.snapshot().problems[0]?.text).toMatch(/\.roomodes/)
	})
})
