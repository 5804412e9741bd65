import { cp, mkdir, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { instructionFileKinds } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { buildSystemPrompt } from "./systemPrompt.js"
import { loadWorkspaceRules } from "./workspaceRules.js"

// A workspace that uses every tool at once, its files written from each tool's documentation.
const fixture = fileURLToPath(new URL("instructionFiles/fixtures/all-tools", import.meta.url))

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
let home: string
let secret: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-other-rules-")
	workspace = path.join(temp.dir, "workspace")
	home = path.join(temp.dir, "home")
	await mkdir(home)
	await cp(fixture, workspace, { recursive: true })
	secret = path.join(temp.dir, "id_ed25519")
	await writeFile(secret, "-----BEGIN OPENSSH PRIVATE KEY-----")
})
afterEach(() => temp.remove())

const at = (relative: string) => path.join(workspace, relative)
const sourcesOf = (loaded: { rules: { source: string }[] }) => loaded.rules.map((rule) => rule.source)

describe("loadWorkspaceRules with other tools' instruction files", () => {
	it("reads each tool's files as that tool does, named with the tool in the prompt's sources", async () => {
		const loaded = await loadWorkspaceRules(workspace, "code", {
			home,
			contextFiles: ["packages/api/src/server.ts"],
		})
		expect(sourcesOf(loaded)).toEqual([
			".roo/rules/01-style.md (Roo Code)",
			".roo/rules-code/testing.md (Roo Code)",
			".clinerules/coding.md (Cline)",
			"CLAUDE.md (Claude Code)",
			".claude/CLAUDE.md (Claude Code)",
			".cursorrules (Cursor)",
			".cursor/rules/always.mdc (Cursor)",
			".cursor/rules/database.mdc (Cursor)",
			".cursor/rules/typescript.mdc (Cursor)",
			".github/copilot-instructions.md (GitHub Copilot)",
			".github/instructions/everywhere.instructions.md (GitHub Copilot)",
			"packages/api/AGENTS.md",
			"packages/api/CLAUDE.md (Claude Code)",
		])
		expect(loaded.skipped).toEqual([])
		const all = JSON.stringify(loaded)
		// .roorules is Roo's fallback for .roo/rules/; workflows are commands; a manual rule waits for a mention.
		for (const unread of ["ROORULES FALLBACK", "CLINE WORKFLOW", "MANUAL RULE", "PYTHON RULE"])
			expect(all).not.toContain(unread)
		const rule = (source: string) => loaded.rules.find((r) => r.source === source)?.text ?? ""
		expect(rule(".cursor/rules/always.mdc (Cursor)")).toContain("Name things for what they mean.")
		expect(rule(".cursor/rules/always.mdc (Cursor)")).not.toContain("alwaysApply: true")
		// An agent-requested rule: its description and where to read it, not its body.
		expect(rule(".cursor/rules/database.mdc (Cursor)")).toBe(
			"A rule that applies when: Changing the database schema or migrations\nRead .cursor/rules/database.mdc when it does.",
		)
		const prompt = buildSystemPrompt({
			workspaceRoot: workspace,
			mode: "code",
			rules: loaded.rules,
			customInstructions: "",
		})
		expect(prompt).toMatch(
			/RULES FROM \.cursor\/rules\/typescript\.mdc \(Cursor\)\n\n[^=]*TYPESCRIPT RULE/,
		)
	})

	it("applies a glob rule only while a file it names is in the task's context", async () => {
		const none = await loadWorkspaceRules(workspace, "code", { home })
		expect(sourcesOf(none)).not.toContain(".cursor/rules/typescript.mdc (Cursor)")
		expect(sourcesOf(none).filter((source) => source.startsWith("packages/"))).toEqual([])
		const python = await loadWorkspaceRules(workspace, "code", { home, contextFiles: ["tools/build.py"] })
		expect(sourcesOf(python)).toContain(".github/instructions/python.instructions.md (GitHub Copilot)")
		expect(sourcesOf(python)).not.toContain(".cursor/rules/typescript.mdc (Cursor)")
		const tsx = await loadWorkspaceRules(workspace, "code", { home, contextFiles: ["src/ui/App.tsx"] })
		expect(sourcesOf(tsx)).toContain(".cursor/rules/typescript.mdc (Cursor)")
	})

	it("reads a mode's .roorules-<mode> where its folder is absent, and .roorules where .roo/rules is", async () => {
		await rm(at(".roo/rules"), { recursive: true })
		const loaded = await loadWorkspaceRules(workspace, "architect", { home })
		expect(sourcesOf(loaded).slice(0, 2)).toEqual([
			".roorules (Roo Code)",
			".roorules-architect (Roo Code)",
		])
		expect(sourcesOf(loaded)).not.toContain(".roo/rules-code/testing.md (Roo Code)")
	})

	it("reads .clinerules as a single file too", async () => {
		await rm(at(".clinerules"), { recursive: true })
		await writeFile(at(".clinerules"), "One file of rules.")
		const loaded = await loadWorkspaceRules(workspace, "code", { home })
		expect(loaded.rules).toContainEqual({ source: ".clinerules (Cline)", text: "One file of rules." })
	})

	it("reads the person's ~/.roo/rules, but not through a link out of that folder", async () => {
		await mkdir(path.join(home, ".roo", "rules"), { recursive: true })
		await writeFile(path.join(home, ".roo", "rules", "mine.md"), "My own rule.")
		await mkdir(path.join(home, ".ssh"))
		await writeFile(path.join(home, ".ssh", "id_ed25519"), "-----BEGIN OPENSSH PRIVATE KEY-----")
		await symlink(path.join(home, ".ssh", "id_ed25519"), path.join(home, ".roo", "rules", "key.md"))
		const loaded = await loadWorkspaceRules(workspace, "code", { home })
		expect(loaded.rules).toContainEqual({
			source: "~/.roo/rules/mine.md (Roo Code)",
			text: "My own rule.",
		})
		expect(JSON.stringify(loaded)).not.toContain("PRIVATE KEY")
		expect(loaded.skipped).toEqual([
			"~/.roo/rules/key.md is a link to a file outside your ~/.roo/rules folder; it was not read",
		])
	})

	it("reads the person's ~/.roo/rules-<mode> in that mode only", async () => {
		await mkdir(path.join(home, ".roo", "rules-code"), { recursive: true })
		await writeFile(path.join(home, ".roo", "rules-code", "mine.md"), "My own rule for code.")
		const rule = { source: "~/.roo/rules-code/mine.md (Roo Code)", text: "My own rule for code." }
		expect((await loadWorkspaceRules(workspace, "code", { home })).rules).toContainEqual(rule)
		expect((await loadWorkspaceRules(workspace, "architect", { home })).rules).not.toContainEqual(rule)
	})

	it("never reads another tool's rule file through a link to a file outside the workspace", async () => {
		await rm(at("CLAUDE.md"))
		await symlink(secret, at("CLAUDE.md"))
		await symlink(secret, at(".cursor/rules/key.mdc"))
		await symlink(temp.dir, at(".github/instructions/out.instructions.md"))
		const loaded = await loadWorkspaceRules(workspace, "code", { home })
		expect(JSON.stringify(loaded)).not.toContain("PRIVATE KEY")
		expect(loaded.skipped).toEqual([
			"CLAUDE.md is a link to a file outside the workspace; it was not read",
			".cursor/rules/key.mdc is a link to a file outside the workspace; it was not read",
			".github/instructions/out.instructions.md is a link to a file outside the workspace; it was not read",
		])
		expect(loaded.rules).toContainEqual({
			source: "CLAUDE.md (Claude Code)",
			text: "(Cairn did not read this file: CLAUDE.md is a link to a file outside the workspace; it was not read.)",
		})
	})

	it("does not list a rules folder that links outside", async () => {
		await rm(at(".clinerules"), { recursive: true })
		await symlink(temp.dir, at(".clinerules"))
		const loaded = await loadWorkspaceRules(workspace, "code", { home })
		expect(loaded.skipped).toEqual([
			".clinerules is a link to a folder outside the workspace; it was not read",
		])
		expect(JSON.stringify(loaded)).not.toContain("PRIVATE KEY")
	})

	it("caps a huge rule file", async () => {
		await writeFile(at(".cursorrules"), "x".repeat(3_000_000))
		const loaded = await loadWorkspaceRules(workspace, "code", { home })
		expect(loaded.rules.find((rule) => rule.source === ".cursorrules (Cursor)")?.text.length).toBe(50_000)
	})

	it("reads nothing of a kind the person turned off, not even to report a link", async () => {
		await rm(at("CLAUDE.md"))
		await symlink(secret, at("CLAUDE.md"))
		const withoutClaude = await loadWorkspaceRules(workspace, "code", {
			home,
			disabled: ["claude"],
			contextFiles: ["packages/api/src/server.ts"],
		})
		expect(sourcesOf(withoutClaude).filter((source) => source.includes("Claude Code"))).toEqual([])
		expect(withoutClaude.skipped).toEqual([])
		expect(sourcesOf(withoutClaude)).toContain("packages/api/AGENTS.md")

		await mkdir(path.join(home, ".roo", "rules"), { recursive: true })
		await writeFile(path.join(home, ".roo", "rules", "mine.md"), "My own rule.")
		await writeFile(at("AGENTS.md"), "Cairn's own.")
		const allOff = await loadWorkspaceRules(workspace, "code", {
			home,
			disabled: instructionFileKinds,
			contextFiles: ["packages/api/src/server.ts", "src/ui/App.tsx"],
		})
		expect(allOff).toEqual({ rules: [{ source: "AGENTS.md", text: "Cairn's own." }], skipped: [] })
	})
})
