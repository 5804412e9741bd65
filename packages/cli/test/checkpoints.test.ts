import { existsSync, readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { type CliWorld, jsonLines, runCli, withWorld } from "./support/cliProcess.js"
import { complete, writeFile } from "./support/scenarios.js"

const subreaper = fileURLToPath(new URL("./support/subreaper.py", import.meta.url))

const edits = [writeFile("app.ts", "v2\n"), writeFile("notes.md", "new\n"), complete()]

/** Runs the edits with -y in stream-json; returns the run and its task id. */
async function editRun(world: CliWorld) {
	const run = await runCli(world, [...world.providerArgs, "-y", "--output-format", "stream-json", "edit"])
	const lines = jsonLines(run.stdout)
	return { run, lines, taskId: lines.find((line) => line.subtype === "task_started")?.taskId as string }
}

describe.concurrent("checkpoints from the CLI", () => {
	it("a run reports each checkpoint in stream-json; `cairn checkpoints` lists, diffs and restores them by id", () =>
		withWorld({ scenario: edits, files: { "app.ts": "v1\n" } }, async (world) => {
			const { run, lines, taskId } = await editRun(world)
			expect(run.code).toBe(0)
			const saved = lines.filter(
				(line) => line.type === "system" && line.subtype === "checkpoint_saved",
			)
			// One at the start, one before each turn that changed files.
			expect(saved.map((line) => line.reason)).toEqual(["taskStart", "beforeChange", "beforeChange"])
			const beforeChange = saved[1]?.checkpoint as string
			// The run leaves its checkpoints' trees packed for git, none in a pack still being written.
			const packing = readdirSync(world.cairnHome, { recursive: true, encoding: "utf8" }).filter(
				(file) => path.basename(file).startsWith("trees-"),
			)
			expect(packing).toEqual([])

			const listed = await runCli(world, ["checkpoints", taskId])
			expect(listed.code).toBe(0)
			expect(listed.stdout).toContain(`${beforeChange.slice(0, 12)}`)
			expect(listed.stdout).toMatch(/before changes/)

			const diff = await runCli(world, ["checkpoints", taskId, "diff", beforeChange.slice(0, 8)])
			expect(diff.code).toBe(0)
			expect(diff.stdout).toContain("-v1\n+v2")
			expect(diff.stdout).toContain("+++ b/notes.md")

			const restore = await runCli(world, ["checkpoints", taskId, "restore", beforeChange.slice(0, 8)])
			expect(restore.code).toBe(0)
			expect(restore.stdout).toMatch(/written {2}app\.ts/)
			expect(restore.stdout).toMatch(/removed {2}notes\.md/)
			expect(await world.read("app.ts")).toBe("v1\n")
			expect(existsSync(path.join(world.workspace, "notes.md"))).toBe(false)
		}))

	it.skipIf(process.platform !== "linux")(
		"no process cairn started for its checkpoints outlives it: the run waits for every one",
		() =>
			withWorld({ scenario: edits, files: { "app.ts": "v1\n" } }, async (world) => {
				// Run under a subreaper: whatever cairn leaves behind is handed to it and named.
				const report = path.join(world.root, "orphans.json")
				const run = await runCli(
					world,
					[...world.providerArgs, "-y", "--output-format", "stream-json", "edit"],
					{ wrapper: ["python3", subreaper, report] },
				)
				expect(run.code).toBe(0)
				const saved = jsonLines(run.stdout).filter((line) => line.subtype === "checkpoint_saved")
				expect(saved).toHaveLength(3)
				// (The report also holds the tree's CPU, which the loop bench reads.)
				const reaped = JSON.parse(readFileSync(report, "utf8")) as {
					code: number
					orphans: { running: boolean }[]
				}
				expect(reaped.code).toBe(0)
				// A sandboxed git's namespace init is left a zombie by bubblewrap: over, but not waited for.
				expect(reaped.orphans.filter((orphan) => orphan.running)).toEqual([])
			}),
	)

	it("an unknown or malformed checkpoint id is a usage error that changes nothing", () =>
		withWorld({ scenario: edits, files: { "app.ts": "v1\n" } }, async (world) => {
			const { taskId } = await editRun(world)
			const unknown = await runCli(world, ["checkpoints", taskId, "restore", "0123456789abcdef"])
			expect(unknown).toMatchObject({
				code: 2,
				stderr: "cairn: the task has no checkpoint 0123456789abcdef\n",
			})
			const malformed = await runCli(world, ["checkpoints", taskId, "restore", "HEAD~1"])
			expect(malformed.code).toBe(2)
			const missing = await runCli(world, ["checkpoints", taskId, "restore"])
			expect(missing.code).toBe(2)
			expect(await world.read("app.ts")).toBe("v2\n")
		}))

	it("--no-checkpoints saves none in that run, and the next run saves them again", () =>
		withWorld(
			{ scenario: [...edits, writeFile("app.ts", "v3\n"), complete()], files: { "app.ts": "v1\n" } },
			async (world) => {
				const off = await runCli(world, [
					...world.providerArgs,
					"-y",
					"--no-checkpoints",
					"--output-format",
					"stream-json",
					"edit",
				])
				expect(off.code).toBe(0)
				expect(jsonLines(off.stdout).filter((line) => line.subtype === "checkpoint_saved")).toEqual(
					[],
				)
				const on = await runCli(world, ["-y", "--output-format", "stream-json", "edit again"])
				const saved = jsonLines(on.stdout).filter((line) => line.subtype === "checkpoint_saved")
				expect(saved.map((line) => line.reason)).toEqual(["taskStart", "beforeChange"])
			},
		))
})
