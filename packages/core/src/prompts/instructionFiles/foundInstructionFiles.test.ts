import { cp, mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { findInstructionFiles } from "./foundInstructionFiles.js"

const fixture = fileURLToPath(new URL("fixtures/all-tools", import.meta.url))

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
let home: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-found-rules-")
	workspace = path.join(temp.dir, "workspace")
	home = path.join(temp.dir, "home")
	await mkdir(path.join(home, ".roo", "rules"), { recursive: true })
	await writeFile(path.join(home, ".roo", "rules", "mine.md"), "Answer in British English.\n")
	await cp(fixture, workspace, { recursive: true })
})
afterEach(() => temp.remove())

describe("findInstructionFiles", () => {
	it("lists each kind's files as the prompt reads them: every mode's own, and rules whose globs do not match yet", async () => {
		expect(await findInstructionFiles(workspace, ["code", "architect"], { home })).toEqual([
			// .roorules is Roo's fallback for a missing .roo/rules/, so it is not read here.
			{
				kind: "roo",
				files: [".roo/rules-code/testing.md", ".roo/rules/01-style.md", ".roorules-architect"],
			},
			{ kind: "rooGlobal", files: ["~/.roo/rules/mine.md"] },
			{ kind: "cline", files: [".clinerules/coding.md"] },
			{ kind: "claude", files: [".claude/CLAUDE.md", "CLAUDE.md"] },
			{
				kind: "cursor",
				files: [
					".cursor/rules/always.mdc",
					".cursor/rules/database.mdc",
					".cursor/rules/manual.mdc",
					".cursor/rules/typescript.mdc",
					".cursorrules",
				],
			},
			{
				kind: "copilot",
				files: [
					".github/copilot-instructions.md",
					".github/instructions/everywhere.instructions.md",
					".github/instructions/python.instructions.md",
				],
			},
		])
	})

	it("does not count a rule file that links out of the workspace as found", async () => {
		const secret = path.join(temp.dir, "id_ed25519")
		await writeFile(secret, "-----BEGIN OPENSSH PRIVATE KEY-----")
		await symlink(secret, path.join(workspace, ".roo", "rules", "02-leak.md"))
		const found = await findInstructionFiles(workspace, [], { home })
		expect(found.find((entry) => entry.kind === "roo")?.files).toEqual([".roo/rules/01-style.md"])
	})

	it("finds nothing in an empty workspace", async () => {
		const empty = path.join(temp.dir, "empty")
		await mkdir(empty)
		expect(await findInstructionFiles(empty, ["code"], { home: empty })).toEqual([])
	})
})
