import { execFileSync } from "node:child_process"
import { mkdir, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { commandFolders, loadSlashCommands, type CommandFolders } from "./commandCatalog.js"

describe("loadSlashCommands", () => {
	let temp: { dir: string; remove(): Promise<void> }
	let folders: CommandFolders
	const write = async (folder: string, name: string, text: string) => {
		await mkdir(folder, { recursive: true })
		await writeFile(path.join(folder, name), text)
	}
	const load = () => loadSlashCommands(folders, ["code", "architect"])

	beforeEach(async () => {
		temp = await makeTempDir()
		folders = commandFolders(path.join(temp.dir, "ws"), path.join(temp.dir, "storage"))
	})
	afterEach(() => temp.remove())

	it("lists only the built-in commands when there are no command folders", async () => {
		const catalog = await load()
		expect(catalog.snapshot()).toEqual({
			commands: [
				expect.objectContaining({ name: "new", source: "builtin" }),
				expect.objectContaining({
					name: "mode",
					source: "builtin",
					argumentHint: "<mode> [message]",
					description: expect.stringContaining("(code, architect)"),
				}),
				expect.objectContaining({ name: "condense", source: "builtin" }),
			],
			problems: [],
		})
	})

	it("reads the person's folder and the workspace's; the workspace's command wins for the same name", async () => {
		expect(folders.global).toBe(path.join(temp.dir, "storage", "settings", "commands"))
		expect(folders.project).toBe(path.join(temp.dir, "ws", ".cairn", "commands"))
		await write(folders.global, "review.md", "---\ndescription: Mine\n---\nMy review.")
		await write(folders.global, "explain.md", "Explain it.")
		await write(
			folders.project,
			"review.md",
			"---\ndescription: The team's\nargument-hint: <path>\n---\nTeam review of $ARGUMENTS.",
		)
		await write(folders.project, "notes.txt", "not a command")
		const catalog = await load()
		expect(catalog.snapshot().commands.filter((c) => c.source !== "builtin")).toEqual([
			{
				name: "explain",
				description: "",
				source: "global",
				file: path.join(folders.global, "explain.md"),
			},
			{
				name: "review",
				description: "The team's",
				argumentHint: "<path>",
				source: "project",
				file: ".cairn/commands/review.md",
				overrides: "global",
			},
		])
		expect(catalog.customCommand("review")?.body).toBe("Team review of $ARGUMENTS.")
		expect(catalog.problems).toEqual([])
	})

	it("leaves out a bad file with one line saying why, and loads the rest", async () => {
		await write(folders.project, "good.md", "Good.")
		await write(folders.project, "Bad Name.md", "Bad.")
		await write(folders.project, "typo.md", "---\ndescripton: x\n---\nTypo.")
		await write(folders.project, "new.md", "My own new.")
		await mkdir(path.join(folders.project, "folder.md"))
		const catalog = await load()
		expect(catalog.custom.map((c) => c.name)).toEqual(["good"])
		expect(catalog.problems.map(({ file, kind, params }) => ({ file, kind, params }))).toEqual([
			{ file: ".cairn/commands/Bad Name.md", kind: "name_invalid", params: { max: 64 } },
			{
				file: ".cairn/commands/folder.md",
				kind: "unreadable",
				params: {
					said: ".cairn/commands/folder.md is a folder, not a regular file; it was not read",
				},
			},
			{ file: ".cairn/commands/new.md", kind: "built_in_name", params: { name: "new" } },
			{ file: ".cairn/commands/typo.md", kind: "unknown_field", params: { names: ["descripton"] } },
		])
		expect(catalog.problems.map((problem) => problem.text)).toEqual([
			".cairn/commands/Bad Name.md: a command name is 1 to 64 lowercase letters, digits, '-' and '_', starting with a letter or digit; rename the file",
			".cairn/commands/folder.md is a folder, not a regular file; it was not read",
			".cairn/commands/new.md: /new is a built-in command, which a command file may not replace; rename the file",
			'.cairn/commands/typo.md: unknown field "descripton" in the front matter (it holds description and argument-hint)',
		])
	})
})

describe("loadSlashCommands with a hostile repository", () => {
	let temp: { dir: string; remove(): Promise<void> }
	let folders: CommandFolders
	beforeEach(async () => {
		temp = await makeTempDir()
		folders = commandFolders(path.join(temp.dir, "ws"), path.join(temp.dir, "storage"))
		await mkdir(folders.project, { recursive: true })
		await writeFile(path.join(temp.dir, "id_ed25519"), "PRIVATE KEY")
	})
	afterEach(() => temp.remove())

	it("never reads a command file that links outside the workspace", async () => {
		await symlink(path.join(temp.dir, "id_ed25519"), path.join(folders.project, "x.md"))
		const catalog = await loadSlashCommands(folders, [])
		expect(catalog.custom).toEqual([])
		expect(catalog.problems.map((problem) => problem.text)).toEqual([
			".cairn/commands/x.md is a link to a file outside the workspace; it was not read",
		])
	})

	it("never lists a commands folder that links outside the workspace", async () => {
		await writeFile(path.join(temp.dir, "leak.md"), "PRIVATE KEY")
		await rm(folders.project, { recursive: true })
		await symlink(temp.dir, folders.project)
		const catalog = await loadSlashCommands(folders, [])
		expect(catalog.custom).toEqual([])
		expect(catalog.problems.map((problem) => problem.text)).toEqual([
			".cairn/commands is a link to a folder outside the workspace; it was not read",
		])
	})

	it.runIf(process.platform !== "win32")("skips a FIFO command file at once", async () => {
		execFileSync("mkfifo", [path.join(folders.project, "x.md")])
		const catalog = await loadSlashCommands(folders, [])
		expect(catalog.problems.map((problem) => problem.text)).toEqual([
			".cairn/commands/x.md is a FIFO (named pipe), not a regular file; it was not read",
		])
	})
})
