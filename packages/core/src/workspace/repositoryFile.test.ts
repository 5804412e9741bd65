import { execFileSync } from "node:child_process"
import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { listRepositoryFolder, readRepositoryFile } from "./repositoryFile.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
let outside: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-repofile-")
	workspace = path.join(temp.dir, "workspace")
	outside = path.join(temp.dir, "home")
	await mkdir(workspace)
	await mkdir(path.join(outside, ".ssh"), { recursive: true })
	await writeFile(path.join(outside, ".ssh", "id_ed25519"), "PRIVATE KEY")
})
afterEach(() => temp.remove())

const read = (relative: string, maxBytes = 1000) =>
	readRepositoryFile(path.join(workspace, relative), { root: workspace, maxBytes })

describe("readRepositoryFile", () => {
	it("reads a regular file inside the workspace, and a link to one", async () => {
		await writeFile(path.join(workspace, "notes.md"), "be kind")
		await symlink("notes.md", path.join(workspace, "AGENTS.md"))
		expect(await read("AGENTS.md")).toMatchObject({ kind: "ok", text: "be kind", truncated: false })
	})

	it("says a missing file (or a dangling link) is absent", async () => {
		await symlink("nowhere.md", path.join(workspace, "AGENTS.md"))
		expect(await read("AGENTS.md")).toEqual({ kind: "absent" })
		expect(await read("missing.md")).toEqual({ kind: "absent" })
	})

	it("never follows a link to a file outside the workspace, and says so", async () => {
		await symlink(path.join(outside, ".ssh", "id_ed25519"), path.join(workspace, "AGENTS.md"))
		const result = await read("AGENTS.md")
		expect(result).toEqual({
			kind: "skipped",
			reason: "AGENTS.md is a link to a file outside the workspace; it was not read",
		})
		expect(JSON.stringify(result)).not.toContain("PRIVATE KEY")
	})

	it("never follows a folder link leading outside", async () => {
		await mkdir(path.join(workspace, ".cairn"))
		await symlink(path.join(outside, ".ssh"), path.join(workspace, ".cairn", "rules"))
		expect(await read(".cairn/rules/id_ed25519")).toMatchObject({ kind: "skipped" })
	})

	it.runIf(process.platform === "linux")(
		"refuses /proc files behind a link (the process's own command line)",
		async () => {
			await symlink("/proc/self/cmdline", path.join(workspace, "x.md"))
			expect(await read("x.md")).toMatchObject({
				kind: "skipped",
				reason: "x.md is a link to a file outside the workspace; it was not read",
			})
		},
	)

	it.runIf(process.platform !== "win32")(
		"skips a FIFO at once instead of waiting for a writer",
		async () => {
			execFileSync("mkfifo", [path.join(workspace, "AGENTS.md")])
			expect(await read("AGENTS.md")).toEqual({
				kind: "skipped",
				reason: "AGENTS.md is a FIFO (named pipe), not a regular file; it was not read",
			})
		},
	)

	it("skips a folder", async () => {
		await mkdir(path.join(workspace, "AGENTS.md"))
		expect(await read("AGENTS.md")).toMatchObject({
			kind: "skipped",
			reason: expect.stringContaining("a folder"),
		})
	})

	it("reads no more than the cap of a huge file", async () => {
		await writeFile(path.join(workspace, "big.md"), "x".repeat(5_000_000))
		const result = await read("big.md", 100)
		expect(result).toMatchObject({ kind: "ok", truncated: true })
		expect(result.kind === "ok" && result.text.length).toBe(100)
	})
})

describe("listRepositoryFolder", () => {
	it("lists a folder inside, sorted, and refuses one that links outside", async () => {
		await mkdir(path.join(workspace, "rules"))
		await writeFile(path.join(workspace, "rules", "b.md"), "")
		await writeFile(path.join(workspace, "rules", "a.md"), "")
		await symlink(path.join(outside, ".ssh"), path.join(workspace, "keys"))
		expect(await listRepositoryFolder(path.join(workspace, "rules"), { root: workspace })).toEqual({
			kind: "ok",
			names: ["a.md", "b.md"],
			folders: [],
		})
		expect(await listRepositoryFolder(path.join(workspace, "keys"), { root: workspace })).toEqual({
			kind: "skipped",
			reason: "keys is a link to a folder outside the workspace; it was not read",
		})
		expect(await listRepositoryFolder(path.join(workspace, "none"), { root: workspace })).toEqual({
			kind: "absent",
		})
	})
})
