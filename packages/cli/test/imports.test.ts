import { cp, readFile, rm } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { runCli, withWorld } from "./support/cliProcess.js"

const fixtures = fileURLToPath(new URL("../../core/src/imports/fixtures/", import.meta.url))
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Greeting added." } }] }

describe("cairn import", () => {
	it("roo <file> takes a Roo Code export's profiles with their keys into $CAIRN_HOME and prints what it skipped and why", () =>
		withWorld({ provider: "ollama" }, async (world) => {
			const run = await runCli(world, ["import", "roo", path.join(fixtures, "roo-code-settings.json")])
			expect(run.code).toBe(0)
			expect(run.stdout).toMatch(/profile\s+fireworks\s+Cairn does not speak this provider: fireworks/)
			expect(run.stdout).toMatch(/API key\s+default\s+imported/)
			expect(run.stdout).toMatch(/mode\s+docs-writer\s+imported/)
			expect(run.stdout).toMatch(/\d+ imported, 7 skipped — from .*roo-code-settings\.json/)
			expect(run.stdout + run.stderr).not.toMatch(/sk-|fw-fixture/)
			// The key is in the CLI's own secret store, not in its settings.
			const state = await readFile(path.join(world.cairnHome, "state.json"), "utf8")
			expect(state).toContain("roo-k3x9abc1d")
			expect(state).not.toContain("sk-ant-fixture-0001")

			const again = await runCli(world, [
				"import",
				"roo",
				path.join(fixtures, "roo-code-settings.json"),
				"--json",
			])
			const report = JSON.parse(again.stdout) as { lines: { skipped?: string }[] }
			expect(report.lines.filter((line) => line.skipped === undefined)).toEqual([])
		}))

	it("roo-tasks <folder> imports Roo's history into this workspace's, and the task resumes with --session-id", () =>
		withWorld({ provider: "ollama", scenario: [done] }, async (world) => {
			const storage = path.join(world.root, "roo-storage")
			await cp(path.join(fixtures, "roo-storage"), storage, { recursive: true })
			// Without Roo's history index, this task does not say where it was done.
			await rm(path.join(storage, "tasks", "_index.json"))
			const run = await runCli(world, ["-w", world.workspace, "import", "roo-tasks", storage])
			expect(run.code).toBe(0)
			expect(run.stdout).toMatch(
				/task\s+b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e\s+no conversation to import/,
			)
			const list = await runCli(world, ["-w", world.workspace, "list", "tasks"])
			// Known to Roo without a workspace: listed under the workspace that imported it.
			expect(list.stdout).toContain("What does the README say?")
			const resumed = await runCli(world, [
				...world.providerArgs,
				"-w",
				world.workspace,
				"--session-id",
				"roo-7d1e0b2a-9c8f-4e6d-a5b4-c3d2e1f0a9b8",
				"--no-tui",
				"-P",
				"And the licence?",
			])
			expect(resumed.code).toBe(0)
			const body = JSON.stringify(world.server.requests.find((r) => r.route === "chat")?.body)
			expect(body).toContain("What does the README say?")
			expect(body).toContain("And the licence?")
		}))

	it("claude reads the workspace's .claude/settings.json by default", () =>
		withWorld(
			{
				provider: "ollama",
				files: {
					".claude/settings.json": JSON.stringify({ permissions: { allow: ["Bash(npm test:*)"] } }),
				},
			},
			async (world) => {
				const run = await runCli(world, ["-w", world.workspace, "import", "claude"])
				expect(run.code).toBe(0)
				expect(run.stdout).toMatch(/allowed command\s+npm test\s+imported/)
			},
		))

	it("roo without a file is a usage error, and a file that is not an export fails saying why", () =>
		withWorld({ provider: "ollama" }, async (world) => {
			const bare = await runCli(world, ["import", "roo"])
			expect(bare.code).toBe(2)
			expect(bare.stderr).toContain("needs the settings file Roo Code exported")
			const wrong = await runCli(world, ["import", "roo", path.join(fixtures, "claude-settings.json")])
			expect(wrong.code).not.toBe(0)
			expect(wrong.stderr).toContain("is not a Roo Code settings export")
		}))
})
