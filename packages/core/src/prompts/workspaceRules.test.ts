import { execFileSync } from "node:child_process"
import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { loadWorkspaceRules } from "./workspaceRules.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
let secret: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-rules-")
	workspace = path.join(temp.dir, "workspace")
	await mkdir(path.join(workspace, ".cairn", "rules"), { recursive: true })
	secret = path.join(temp.dir, "id_ed25519")
	await writeFile(secret, "-----BEGIN OPENSSH PRIVATE KEY-----")
})
afterEach(() => temp.remove())

const at = (relative: string) => path.join(workspace, relative)

describe("loadWorkspaceRules", () => {
	it("reads AGENTS.md, then .cairn/rules/* in name order, skipping empty files", async () => {
		await writeFile(at("AGENTS.md"), "Be brief.")
		await writeFile(at(".cairn/rules/b.md"), "Second.")
		await writeFile(at(".cairn/rules/a.md"), "First.")
		await writeFile(at(".cairn/rules/empty.md"), "  \n")
		await mkdir(at(".cairn/rules/drafts"))
		expect(await loadWorkspaceRules(workspace)).toEqual({
			rules: [
				{ source: "AGENTS.md", text: "Be brief." },
				{ source: ".cairn/rules/a.md", text: "First." },
				{ source: ".cairn/rules/b.md", text: "Second." },
			],
			skipped: [],
		})
	})

	it("finds nothing in a workspace without rules", async () => {
		const empty = path.join(temp.dir, "empty")
		await mkdir(empty)
		expect(await loadWorkspaceRules(empty)).toEqual({ rules: [], skipped: [] })
	})

	it("never reads AGENTS.md or a rule through a link to a file outside the workspace", async () => {
		await symlink(secret, at("AGENTS.md"))
		await symlink(secret, at(".cairn/rules/x.md"))
		const loaded = await loadWorkspaceRules(workspace)
		expect(JSON.stringify(loaded)).not.toContain("PRIVATE KEY")
		expect(loaded.skipped).toEqual([
			"AGENTS.md is a link to a file outside the workspace; it was not read",
			".cairn/rules/x.md is a link to a file outside the workspace; it was not read",
		])
		expect(loaded.rules[0]).toEqual({
			source: "AGENTS.md",
			text: "(Cairn did not read this file: AGENTS.md is a link to a file outside the workspace; it was not read.)",
		})
	})

	it.runIf(process.platform === "linux")(
		"never sends the process's command line behind a rule link",
		async () => {
			await symlink("/proc/self/cmdline", at(".cairn/rules/x.md"))
			const loaded = await loadWorkspaceRules(workspace)
			expect(loaded.skipped).toEqual([
				".cairn/rules/x.md is a link to a file outside the workspace; it was not read",
			])
			expect(JSON.stringify(loaded.rules)).not.toContain("vitest")
		},
	)

	it("does not list a mode's rules folder that links outside", async () => {
		await symlink(temp.dir, at(".cairn/rules-code"))
		const loaded = await loadWorkspaceRules(workspace, "code")
		expect(loaded.skipped).toEqual([
			".cairn/rules-code is a link to a folder outside the workspace; it was not read",
		])
		expect(JSON.stringify(loaded.rules)).not.toContain("PRIVATE KEY")
	})

	it.runIf(process.platform !== "win32")(
		"skips a FIFO as AGENTS.md at once, with a line saying so",
		async () => {
			execFileSync("mkfifo", [at("AGENTS.md")])
			await writeFile(at(".cairn/rules/a.md"), "First.")
			const loaded = await loadWorkspaceRules(workspace)
			expect(loaded.skipped).toEqual([
				"AGENTS.md is a FIFO (named pipe), not a regular file; it was not read",
			])
			expect(loaded.rules.at(-1)).toEqual({ source: ".cairn/rules/a.md", text: "First." })
		},
	)

	it("reads the person's own rules in Cairn's settings folder first, for every workspace", async () => {
		const storage = path.join(temp.dir, "storage")
		await mkdir(path.join(storage, "settings", "rules-code"), { recursive: true })
		await mkdir(path.join(storage, "settings", "rules"), { recursive: true })
		await writeFile(path.join(storage, "settings", "rules", "mine.md"), "Mine everywhere.")
		await writeFile(path.join(storage, "settings", "rules-code", "coding.md"), "Mine in code mode.")
		await symlink(secret, path.join(storage, "settings", "rules", "key.md"))
		await writeFile(at("AGENTS.md"), "The repository's.")
		const loaded = await loadWorkspaceRules(workspace, "code", { storageDir: storage, home: temp.dir })
		expect(loaded.rules).toEqual([
			{
				source: "rules/key.md (your Cairn rules)",
				text: "(Cairn did not read this file: rules/key.md is a link to a file outside Cairn's settings folder; it was not read.)",
			},
			{ source: "rules/mine.md (your Cairn rules)", text: "Mine everywhere." },
			{ source: "rules-code/coding.md (your Cairn rules)", text: "Mine in code mode." },
			{ source: "AGENTS.md", text: "The repository's." },
		])
	})

	it("caps a huge rules file", async () => {
		await writeFile(at("AGENTS.md"), "x".repeat(3_000_000))
		const [rule] = (await loadWorkspaceRules(workspace)).rules
		expect(rule?.text.length).toBe(50_000)
	})
})
