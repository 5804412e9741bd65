import { execFileSync } from "node:child_process"
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import type { CustomMode } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { ModeCatalog } from "./modeCatalog.js"

const modeText = (slug: string, name: string) => `  - slug: ${slug}
    name: ${name}
    roleDefinition: You are ${name}.
    whenToUse: When ${name} fits.
    groups: [read]
`

const reviewer: CustomMode = {
	slug: "reviewer",
	name: "Reviewer",
	roleDefinition: "You review changes.",
	whenToUse: "Reviewing a change.",
	groups: [
		{ group: "read" },
		{ group: "edit", restriction: { fileRegex: "\\.md$", description: "notes" } },
	],
}

describe("ModeCatalog", () => {
	let temp: { dir: string; remove(): Promise<void> }
	let workspaceRoot: string
	let globalFile: string
	let projectFile: string
	const catalogs: ModeCatalog[] = []
	const open = async (watch = false) => {
		const catalog = await ModeCatalog.open({
			workspaceRoot,
			globalFile,
			logger: recordingLogger(),
			watch,
		})
		catalogs.push(catalog)
		return catalog
	}

	beforeEach(async () => {
		temp = await makeTempDir("cairn-modes-")
		workspaceRoot = path.join(temp.dir, "workspace")
		globalFile = path.join(temp.dir, "storage", "settings", "custom_modes.yaml")
		projectFile = path.join(workspaceRoot, ".cairn", "modes.yaml")
		await mkdir(path.dirname(projectFile), { recursive: true })
		await mkdir(path.dirname(globalFile), { recursive: true })
	})
	afterEach(async () => {
		for (const catalog of catalogs.splice(0)) catalog.dispose()
		await temp.remove()
	})

	it("takes the workspace's subagents as project modes, its modes file winning a name, and lists the ones left out", async () => {
		const agents = path.join(workspaceRoot, ".claude", "agents")
		await mkdir(agents, { recursive: true })
		await writeFile(
			path.join(agents, "reviewer.md"),
			"---\nname: reviewer\ndescription: Reviews.\n---\nAGENT REVIEWER",
		)
		await writeFile(
			path.join(agents, "helper.md"),
			"---\nname: helper\ndescription: Helps.\ntools: Read\n---\nHELPER",
		)
		await writeFile(path.join(agents, "broken.md"), "no front matter")
		await writeFile(projectFile, `customModes:\n${modeText("reviewer", "Reviewer")}`)
		const catalog = await open()
		expect(catalog.mode("helper")).toMatchObject({
			roleDefinition: "HELPER",
			groups: [{ group: "read" }],
		})
		expect(catalog.mode("reviewer").roleDefinition).toBe("You are Reviewer.")
		const snapshot = catalog.snapshot()
		expect(snapshot.modes.find((mode) => mode.slug === "helper")?.source).toBe("project")
		expect(snapshot.problems.map((problem) => problem.text)).toEqual([
			".claude/agents/broken.md has no front matter (a `---` block with name and description); the subagent was left out",
		])
	})

	it("without modes files offers the built-in modes", async () => {
		const catalog = await open()
		expect(catalog.snapshot().modes.map((mode) => [mode.slug, mode.source])).toEqual(
			expect.arrayContaining([
				["code", "builtin"],
				["ask", "builtin"],
			]),
		)
		expect(catalog.snapshot().problems).toEqual([])
		expect(catalog.mode("no-such-mode").slug).toBe("code")
	})

	it("the workspace's mode replaces the person's of the same slug; the person's may replace a built-in; a workspace's may not", async () => {
		await writeFile(
			globalFile,
			`customModes:\n${modeText("ask", "My Ask")}${modeText("writer", "Global Writer")}`,
		)
		await writeFile(
			projectFile,
			`customModes:\n${modeText("writer", "Project Writer")}${modeText("code", "Evil Code")}`,
		)
		const catalog = await open()
		const views = catalog.snapshot().modes
		expect(views.find((mode) => mode.slug === "ask")).toMatchObject({
			name: "My Ask",
			source: "global",
			overrides: "builtin",
		})
		expect(views.find((mode) => mode.slug === "writer")).toMatchObject({
			name: "Project Writer",
			source: "project",
			overrides: "global",
		})
		expect(catalog.mode("code").name).toBe("Code")
		expect(catalog.snapshot().problems.map((p) => p.text)).toEqual([
			'.cairn/modes.yaml: customModes[1].slug: "code" is a built-in mode, which a workspace may not replace; give the mode another slug, or add rules for code in .cairn/rules-code/',
		])
	})

	it.runIf(process.platform !== "win32")(
		"skips a FIFO as the workspace's modes file at once, with a problem line",
		async () => {
			execFileSync("mkfifo", [projectFile])
			const catalog = await open()
			expect(catalog.snapshot().problems.map((p) => p.text)).toEqual([
				".cairn/modes.yaml is a FIFO (named pipe), not a regular file; it was not read",
			])
			expect(catalog.mode("code").slug).toBe("code")
		},
	)

	it("never reads a workspace modes file that links outside the workspace", async () => {
		const outside = path.join(temp.dir, "outside.yaml")
		await writeFile(outside, `customModes:\n${modeText("writer", "Outside Writer")}`)
		await symlink(outside, projectFile)
		const catalog = await open()
		expect(catalog.snapshot().modes.map((mode) => mode.slug)).not.toContain("writer")
		expect(catalog.snapshot().problems.map((p) => p.text)).toEqual([
			".cairn/modes.yaml is a link to a file outside the workspace; it was not read",
		])
	})

	it("saves, renames and deletes a mode in its file, keeping the file's other modes and comments", async () => {
		await writeFile(globalFile, `# my modes\ncustomModes:\n${modeText("writer", "Writer")}`)
		const catalog = await open()
		const changes: number[] = []
		catalog.onDidChange(() => changes.push(changes.length))
		await catalog.save("global", reviewer)
		expect(catalog.mode("reviewer").groups).toEqual(reviewer.groups)
		await catalog.save("global", { ...reviewer, slug: "critic", name: "Critic" }, "reviewer")
		expect(catalog.has("reviewer")).toBe(false)
		expect(catalog.mode("critic").name).toBe("Critic")
		const text = await readFile(globalFile, "utf8")
		expect(text).toMatch(/^# my modes\n/)
		expect(text).toContain("fileRegex: \\.md$")
		await expect(catalog.save("global", { ...reviewer, slug: "writer" }, "critic")).rejects.toThrow(
			`${globalFile}: there is already a mode "writer" in the file`,
		)
		await catalog.delete("global", "critic")
		expect(catalog.has("critic")).toBe(false)
		expect(catalog.has("writer")).toBe(true)
		await expect(catalog.delete("global", "critic")).rejects.toThrow(
			'there is no mode "critic" in the file',
		)
		expect(changes).toHaveLength(3)
	})

	it("a mode that goes away stays as it was for tasks in it, but can no longer be picked", async () => {
		await writeFile(projectFile, `customModes:\n${modeText("writer", "Writer")}`)
		const catalog = await open()
		await catalog.delete("project", "writer")
		expect(catalog.has("writer")).toBe(false)
		expect(catalog.mode("writer").groups).toEqual([{ group: "read" }])
		expect(catalog.mode("never-was").slug).toBe("code")
	})

	it("a workspace file may not get a built-in slug from the UI either", async () => {
		const catalog = await open()
		await expect(catalog.save("project", { ...reviewer, slug: "code" })).rejects.toThrow(
			/"code" is a built-in mode/,
		)
	})

	it("imports every mode of a valid text, and nothing of a text with one invalid mode", async () => {
		const catalog = await open()
		const bad = `customModes:\n${modeText("one", "One")}  - slug: two\n    name: Two\n`
		await expect(catalog.import("project", bad)).rejects.toThrow(
			"Nothing was imported:\nthe imported modes: customModes[1].roleDefinition: is required",
		)
		expect(await readFile(projectFile, "utf8").catch(() => undefined)).toBeUndefined()
		const exported = catalog.exportText("architect") ?? ""
		const imported = await catalog.import("project", exported.replace("slug: architect", "slug: planner"))
		expect(imported.map((mode) => mode.slug)).toEqual(["planner"])
		expect(catalog.mode("planner").groups).toEqual(catalog.mode("architect").groups)
	})

	it("takes in an edit of the workspace's file without a restart", async () => {
		const catalog = await open(true)
		const changed = new Promise<void>((resolve) => catalog.onDidChange(resolve))
		await writeFile(projectFile, `customModes:\n${modeText("writer", "Writer")}`)
		await changed
		expect(catalog.mode("writer").name).toBe("Writer")
	})
})
