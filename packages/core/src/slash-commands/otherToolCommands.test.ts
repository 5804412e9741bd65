import { cp, mkdir, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { commandFolders, loadSlashCommands, type CommandFolders } from "./commandCatalog.js"
import { interpretPersonText } from "./expandSlashCommand.js"

const fixtures = path.join(import.meta.dirname, "fixtures", "other-tools")

describe("other tools' command files", () => {
	let temp: { dir: string; remove(): Promise<void> }
	let folders: CommandFolders
	const load = () => loadSlashCommands(folders, ["code"])
	const custom = async () =>
		(await load()).snapshot().commands.filter((command) => command.source !== "builtin")

	beforeEach(async () => {
		temp = await makeTempDir()
		folders = commandFolders(path.join(temp.dir, "ws"), path.join(temp.dir, "storage"))
		await cp(fixtures, folders.workspaceRoot, { recursive: true })
	})
	afterEach(() => temp.remove())

	it("reads Roo's .roo/commands, Claude Code's .claude/commands and Cline's workflows as the workspace's commands", async () => {
		expect(await custom()).toEqual([
			{
				name: "component",
				description: "Scaffold a React component",
				argumentHint: "<name> <props>",
				source: "project",
				file: ".claude/commands/frontend/component.md",
				namespace: "frontend",
			},
			{
				name: "deploy",
				description: "Deploy to staging",
				argumentHint: "<service>",
				source: "project",
				file: ".roo/commands/deploy.md",
			},
			{
				name: "release-notes",
				description: "",
				source: "project",
				file: ".clinerules/workflows/release-notes.md",
			},
			{
				name: "review",
				description: "Review a pull request",
				argumentHint: "<pull request number>",
				source: "project",
				file: ".claude/commands/review.md",
			},
		])
		expect((await load()).problems).toEqual([])
	})

	it("puts what follows a Claude command's name where its $ARGUMENTS is; its allowed-tools grant nothing", async () => {
		const typed = interpretPersonText("/review 42", await load())
		expect(typed).toEqual({
			kind: "message",
			command: "review",
			text: expect.stringContaining("Review pull request #42. Quote each line you comment on."),
		})
		expect(JSON.stringify(typed)).not.toContain("allowed-tools")
	})

	it("names a Claude command in a subfolder after its file alone, the folder its namespace, and puts the words typed where its $1 and $2 are", async () => {
		const catalog = await load()
		expect(catalog.customCommand("frontend:component")).toBeUndefined()
		const typed = interpretPersonText("/component Avatar size,src", catalog)
		expect(typed).toEqual({
			kind: "message",
			command: "component",
			text: expect.stringContaining(
				"Create the component Avatar in src/components with the props size,src.",
			),
		})
	})

	it("lets the command at the top of .claude/commands win over a subfolder's of the same name, and the subfolders' in their order, saying which files it hides", async () => {
		const commands = path.join(folders.workspaceRoot, ".claude/commands")
		const files = {
			"frontend/review.md": "The frontend review.\n",
			"backend/review.md": "The backend review.\n",
			"web/build.md": "The web build.\n",
			"backend/build.md": "The backend build.\n",
		}
		for (const [file, text] of Object.entries(files)) {
			await mkdir(path.dirname(path.join(commands, file)), { recursive: true })
			await writeFile(path.join(commands, file), text)
		}
		const listed = await custom()
		expect(listed.find((command) => command.name === "review")).toMatchObject({
			file: ".claude/commands/review.md",
			shadows: [".claude/commands/backend/review.md", ".claude/commands/frontend/review.md"],
		})
		expect(listed.find((command) => command.name === "build")).toEqual({
			name: "build",
			description: "",
			source: "project",
			file: ".claude/commands/backend/build.md",
			namespace: "backend",
			shadows: [".claude/commands/web/build.md"],
		})
		expect(listed.filter((command) => command.name === "build")).toHaveLength(1)
		expect(interpretPersonText("/build", await load())).toMatchObject({
			text: expect.stringContaining("The backend build."),
		})
	})

	it("lets Cairn's own command win over a Claude command in a subfolder, saying which file it hides", async () => {
		await mkdir(folders.project, { recursive: true })
		await writeFile(path.join(folders.project, "component.md"), "Cairn's own component.\n")
		expect((await custom()).find((command) => command.name === "component")).toEqual({
			name: "component",
			description: "",
			source: "project",
			file: ".cairn/commands/component.md",
			shadows: [".claude/commands/frontend/component.md"],
		})
	})

	it("never lists a subfolder of Claude commands that is a link out of the workspace", async () => {
		const outside = path.join(temp.dir, "elsewhere")
		await mkdir(outside)
		await writeFile(path.join(outside, "stolen.md"), "Someone else's prompt.\n")
		await symlink(outside, path.join(folders.workspaceRoot, ".claude/commands/theirs"))
		const catalog = await load()
		expect(catalog.customCommand("stolen")).toBeUndefined()
		expect(catalog.snapshot().commands.map((command) => command.file)).not.toContain(
			".claude/commands/theirs/stolen.md",
		)
	})

	it("reads no subfolders of Roo's commands or Cline's workflows: only Claude Code namespaces them", async () => {
		for (const folder of [".roo/commands", ".clinerules/workflows"]) {
			await mkdir(path.join(folders.workspaceRoot, folder, "nested"))
			await writeFile(path.join(folders.workspaceRoot, folder, "nested", "deep.md"), "Deep.\n")
		}
		const catalog = await load()
		expect(catalog.customCommand("deep")).toBeUndefined()
		expect(catalog.problems).toEqual([])
	})

	it("runs a Cline workflow typed as Cline users type it, with its .md; a /name.md of no workflow goes as typed", async () => {
		const catalog = await load()
		expect(interpretPersonText("/release-notes.md v2.1", catalog)).toEqual({
			kind: "message",
			command: "release-notes",
			text: expect.stringContaining('source=".clinerules/workflows/release-notes.md"'),
		})
		for (const typed of ["/review.md", "/deploy.md now", "/README.md is out of date", "/new.md"])
			expect(interpretPersonText(typed, catalog), typed).toEqual({ kind: "message", text: typed })
	})

	it("runs the command that hides a Cline workflow for its /name.md too, as the menu says it does", async () => {
		await mkdir(folders.project, { recursive: true })
		await writeFile(path.join(folders.project, "release-notes.md"), "Cairn's own release notes.\n")
		expect(interpretPersonText("/release-notes.md", await load())).toMatchObject({
			command: "release-notes",
			text: expect.stringContaining("Cairn's own release notes."),
		})
	})

	it("lets Cairn's own command of the same name win and says which files it hides", async () => {
		await mkdir(folders.project, { recursive: true })
		await writeFile(path.join(folders.project, "review.md"), "Cairn's own review.\n")
		await writeFile(path.join(folders.workspaceRoot, ".roo/commands/review.md"), "Roo's review.\n")
		const review = (await custom()).find((command) => command.name === "review")
		expect(review).toEqual({
			name: "review",
			description: "",
			source: "project",
			file: ".cairn/commands/review.md",
			shadows: [".roo/commands/review.md", ".claude/commands/review.md"],
		})
		expect(interpretPersonText("/review", await load())).toMatchObject({
			text: expect.stringContaining("Cairn's own review."),
		})
	})

	it("lets Roo's command win over Claude Code's of the same name, saying so", async () => {
		await writeFile(path.join(folders.workspaceRoot, ".roo/commands/review.md"), "Roo's review.\n")
		const review = (await custom()).find((command) => command.name === "review")
		expect(review).toMatchObject({
			file: ".roo/commands/review.md",
			shadows: [".claude/commands/review.md"],
		})
	})

	it.each([".roo/commands", ".claude/commands", ".clinerules/workflows"])(
		"never reads a command in %s that links outside the workspace",
		async (folder) => {
			const outside = path.join(temp.dir, "secret.md")
			await writeFile(outside, "PRIVATE KEY")
			await symlink(outside, path.join(folders.workspaceRoot, folder, "leak.md"))
			const catalog = await load()
			expect(catalog.customCommand("leak")).toBeUndefined()
			expect(catalog.problems.map((problem) => problem.text)).toEqual([
				`${folder}/leak.md is a link to a file outside the workspace; it was not read`,
			])
		},
	)

	it.each([".roo/commands", ".claude/commands", ".clinerules/workflows"])(
		"refuses an oversized command file in %s",
		async (folder) => {
			await writeFile(path.join(folders.workspaceRoot, folder, "huge.md"), "x".repeat(500_000))
			const catalog = await load()
			expect(catalog.customCommand("huge")).toBeUndefined()
			expect(catalog.problems.map((problem) => problem.kind)).toEqual(["too_large"])
		},
	)

	it("never lists a folder of commands that is a link out of the workspace", async () => {
		const outside = path.join(temp.dir, "elsewhere")
		await mkdir(outside)
		await writeFile(path.join(outside, "stolen.md"), "Someone else's prompt.\n")
		await rm(path.join(folders.workspaceRoot, ".claude/commands"), { recursive: true })
		await symlink(outside, path.join(folders.workspaceRoot, ".claude/commands"))
		const catalog = await load()
		expect(catalog.customCommand("stolen")).toBeUndefined()
		expect(catalog.problems.map((problem) => problem.text)).toEqual([
			".claude/commands is a link to a folder outside the workspace; it was not read",
		])
	})
})
