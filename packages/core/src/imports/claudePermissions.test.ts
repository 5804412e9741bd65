import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { NodeHost } from "../host/node/NodeHost.js"
import { SettingsStore } from "../controller/settingsStore.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { bashRulePrefix, importClaudePermissions } from "./claudePermissions.js"

const fixture = path.join(import.meta.dirname, "fixtures", "claude-settings.json")
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function settingsStore() {
	const temp = await makeTempDir("cairn-claude-import-")
	cleanups.push(temp.remove)
	const host = new NodeHost({
		workspaceRoot: temp.dir,
		storageDir: path.join(temp.dir, "storage"),
		logger: recordingLogger(),
	})
	const store = new SettingsStore(host)
	await store.load()
	return { store, dir: temp.dir }
}

describe("Claude Code's permission rules as Cairn's command rules", () => {
	it.each([
		["Bash(npm run test:*)", "npm run test"],
		["Bash(git diff *)", "git diff"],
		["Bash(git status)", "git status"],
		["Bash", "*"],
		["Bash(*)", "*"],
		["Bash(git push * --force)", undefined],
		["Read(./.env)", undefined],
	])("%s is the prefix %s", (rule, prefix) => {
		expect(bashRulePrefix(rule)).toBe(prefix)
	})

	it("adds the Bash rules to the allowed and denied commands and reports the rules Cairn has no place for", async () => {
		const { store } = await settingsStore()
		const report = await importClaudePermissions(fixture, store)
		expect(store.settings.allowedCommands).toEqual(["npm run test", "git diff", "git status"])
		expect(store.settings.deniedCommands).toEqual(["curl"])
		expect(report.lines.filter((line) => line.skipped !== undefined)).toEqual([
			{ kind: "readRule", name: "Read(~/.zshrc)", skipped: "unsupported_rule" },
			{ kind: "readRule", name: "WebFetch(domain:example.com)", skipped: "unsupported_rule" },
			{
				kind: "deniedCommand",
				name: "Bash(git push * --force)",
				skipped: "invalid",
				detail: "Cairn's command rules are prefixes: a * only at the end",
			},
			{ kind: "readRule", name: "Read(./.env)", skipped: "unsupported_rule" },
			{ kind: "readRule", name: "Read(./secrets/**)", skipped: "unsupported_rule" },
		])
	})

	it("adds nothing twice", async () => {
		const { store } = await settingsStore()
		await importClaudePermissions(fixture, store)
		const again = await importClaudePermissions(fixture, store)
		expect(store.settings.allowedCommands).toEqual(["npm run test", "git diff", "git status"])
		expect(
			again.lines.filter((line) => line.kind === "allowedCommand").map((line) => line.skipped),
		).toEqual(["already_there", "already_there", "already_there"])
	})

	it("refuses a file whose permissions are not lists of rules", async () => {
		const { store, dir } = await settingsStore()
		const file = path.join(dir, "settings.json")
		await writeFile(file, JSON.stringify({ permissions: { allow: "Bash" } }))
		await expect(importClaudePermissions(file, store)).rejects.toThrow(
			/not a Claude Code settings file: permissions.allow/,
		)
	})

	it("previews a workspace's file without changing anything, and refuses one that links out of the workspace", async () => {
		const { store, dir } = await settingsStore()
		const workspace = path.join(dir, "workspace")
		await mkdir(path.join(workspace, ".claude"), { recursive: true })
		const file = path.join(workspace, ".claude", "settings.json")
		await writeFile(file, JSON.stringify({ permissions: { allow: ["Bash(make:*)"] } }))
		const preview = await importClaudePermissions(file, store, { workspace, preview: true })
		expect(preview).toMatchObject({ preview: true, lines: [{ kind: "allowedCommand", name: "make" }] })
		expect(store.settings.allowedCommands).toEqual([])

		const outside = path.join(dir, "elsewhere.json")
		await writeFile(outside, JSON.stringify({ permissions: { allow: ["Bash"] } }))
		const linked = path.join(dir, "linked")
		await mkdir(path.join(linked, ".claude"), { recursive: true })
		await symlink(outside, path.join(linked, ".claude", "settings.json"))
		await expect(
			importClaudePermissions(path.join(linked, ".claude", "settings.json"), store, {
				workspace: linked,
			}),
		).rejects.toThrow(/outside|not read/)
		expect(store.settings.allowedCommands).toEqual([])
	})
})
