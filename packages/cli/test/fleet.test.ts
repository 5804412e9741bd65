import { existsSync } from "node:fs"
import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, jsonLines, runCli, spawnCli, type CliWorld } from "./support/cliProcess.js"
import { fleetModel, git, initRepository, taskLine } from "./support/fleet.js"

// `cairn run` and `cairn results`: the built binary runs each task as a child `cairn` in a worktree
// of a real repository, against the scripted model server, and keeps a record per task.

let world: CliWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

interface Record {
	id: string
	state: string
	attempt: number
	branch?: string
	commit?: string
	changes?: { files: number; added: number; removed: number }
	cost?: number
	checks: { command: string; state: string; tail: string }[]
	error?: string
}

async function record(results: string, id: string): Promise<Record> {
	return JSON.parse(await readFile(path.join(results, `${id}.json`), "utf8")) as Record
}

describe("cairn run <task file>", { timeout: 120_000 }, () => {
	it("runs each task in its own worktree, commits its work on its branch, runs its checks and records it; a re-run skips what passed and retries what failed", async () => {
		world = await createWorld({
			files: { "README.md": "hello\n" },
			server: { sideTurns: fleetModel(["alpha", "beta", "gamma"]).sideTurns },
		})
		initRepository(world.workspace)
		const file = path.join(world.root, "tasks.jsonl")
		await writeFile(
			file,
			[
				taskLine("alpha", { repository: "workspace", checks: ["test -f alpha.txt"] }),
				// Fails until the person commits ready.txt on the base branch.
				taskLine("beta", { repository: "workspace", checks: ["test -f ready.txt"] }),
				taskLine("gamma", { repository: "workspace" }),
			].join("\n"),
		)
		const results = path.join(world.root, "results")
		const first = await runCli(world, [
			"run",
			file,
			"--results",
			results,
			"--concurrency",
			"2",
			"--output-format",
			"stream-json",
			...world.providerArgs,
		])
		expect(first.code, first.stderr).toBe(1)
		const events = jsonLines(first.stdout)
		expect(events[0]).toMatchObject({
			type: "fleet",
			subtype: "start",
			shard: "0/1",
			tasks: 3,
			concurrency: 2,
		})
		expect(events.at(-1)).toEqual({
			type: "fleet",
			subtype: "end",
			passed: 2,
			failed: 1,
			skipped: 0,
			held: 0,
			lost: 0,
		})

		const alpha = await record(results, "alpha")
		expect(alpha).toMatchObject({
			state: "passed",
			attempt: 1,
			branch: "cairn/alpha",
			changes: { files: 1, added: 1, removed: 0 },
			checks: [{ command: "test -f alpha.txt", state: "passed" }],
		})
		expect(alpha.cost).toBeGreaterThanOrEqual(0)
		// The branch holds the task's work as one commit on the base, and the person's work tree is untouched.
		expect(alpha.commit).toBe(git(world.workspace, "rev-parse", "cairn/alpha"))
		expect(git(world.workspace, "show", "cairn/alpha:alpha.txt")).toBe("alpha")
		expect(git(world.workspace, "rev-parse", "cairn/alpha~1")).toBe(
			git(world.workspace, "rev-parse", "main"),
		)
		expect(existsSync(path.join(world.workspace, "alpha.txt"))).toBe(false)
		expect(git(world.workspace, "status", "--porcelain")).toBe("")

		const beta = await record(results, "beta")
		expect(beta).toMatchObject({
			state: "failed",
			branch: "cairn/beta",
			error: "check failed: test -f ready.txt",
		})
		expect(await record(results, "gamma")).toMatchObject({ state: "passed", checks: [] })

		// What failed is retried (a new attempt in a new worktree, the first one's work kept); what passed is not.
		await writeFile(path.join(world.workspace, "ready.txt"), "")
		git(world.workspace, "add", "ready.txt")
		git(world.workspace, "commit", "-qm", "ready")
		const second = await runCli(world, [
			"run",
			file,
			"--results",
			results,
			"--output-format",
			"stream-json",
			...world.providerArgs,
		])
		expect(second.code, second.stderr).toBe(0)
		const again = jsonLines(second.stdout)
		// The lanes claim their tasks at once (no --concurrency here): the skips come in either order.
		expect(
			again
				.filter((event) => event.subtype === "task_skipped")
				.map((event) => event.id)
				.sort(),
		).toEqual(["alpha", "gamma"])
		expect(await record(results, "beta")).toMatchObject({
			state: "passed",
			attempt: 2,
			branch: "cairn/beta-2",
		})
		expect(git(world.workspace, "branch", "--list", "cairn/beta")).toContain("cairn/beta")

		const table = await runCli(world, ["results", results])
		expect(table.code).toBe(0)
		expect(table.stdout).toMatch(/^beta\s+passed\s+2\s+/m)
		expect(table.stdout).toContain("3 tasks: 3 passed, 0 failed, 0 unfinished")
		const json = await runCli(world, ["results", results, "--json"])
		const summary = JSON.parse(json.stdout) as {
			summary: { tasks: number; passed: number; slowest: unknown[] }
		}
		expect(summary.summary).toMatchObject({ tasks: 3, passed: 3 })
		expect(summary.summary.slowest).toHaveLength(3)
	})

	it("runs a check in the command sandbox: the worktree's code, which the agent just changed, cannot write outside it", async () => {
		world = await createWorld({
			files: { "README.md": "hello\n" },
			server: { sideTurns: fleetModel(["planted"]).sideTurns },
		})
		initRepository(world.workspace)
		// What a planted test script would do: write where the person's files are.
		const outside = path.join(world.root, "outside.txt")
		const file = path.join(world.root, "tasks.jsonl")
		await writeFile(
			file,
			taskLine("planted", {
				repository: "workspace",
				checks: [`echo planted > ${outside}; test -f planted.txt`],
			}),
		)
		const run = await runCli(world, [
			"run",
			file,
			"--output-format",
			"stream-json",
			...world.providerArgs,
		])
		expect(run.code, run.stderr).toBe(0)
		expect(existsSync(outside)).toBe(false)
	})

	it("stopped by SIGTERM mid-task, exits 143 leaving that task `running`; the next run takes it up as a new attempt", async () => {
		const model = fleetModel(["solo"], ["solo"])
		world = await createWorld({
			files: { "README.md": "hello\n" },
			server: { sideTurns: model.sideTurns },
		})
		initRepository(world.workspace)
		const file = path.join(world.root, "tasks.jsonl")
		await writeFile(file, taskLine("solo", { repository: "workspace" }))
		const results = path.join(world.root, "results")
		const args = [
			"run",
			file,
			"--results",
			results,
			"--output-format",
			"stream-json",
			...world.providerArgs,
		]
		const worker = spawnCli(world, args)
		await model.gates.get("solo")?.arrived
		worker.child.kill("SIGTERM")
		const stopped = await worker.exited
		model.gates.get("solo")?.release()
		expect(stopped.code, stopped.stderr).toBe(143)
		expect(jsonLines(stopped.stdout).map((event) => event.subtype)).not.toContain("task_ended")
		expect(await record(results, "solo")).toMatchObject({ state: "running", attempt: 1 })

		const again = await runCli(world, args)
		expect(again.code, again.stderr).toBe(0)
		expect(await record(results, "solo")).toMatchObject({
			state: "passed",
			attempt: 2,
			branch: "cairn/solo-2",
		})
	})

	it("refuses a bad task file naming each bad line, and a bad shard, running nothing (exit 2)", async () => {
		world = await createWorld({})
		const file = path.join(world.root, "tasks.jsonl")
		await writeFile(file, `${taskLine("ok")}\n{"id": "x"}\nnot json\n`)
		const bad = await runCli(world, ["run", file])
		expect(bad.code).toBe(2)
		expect(bad.stderr).toContain(`${file}:2: prompt:`)
		expect(bad.stderr).toContain(`${file}:3: not JSON`)
		expect(existsSync(`${file}.results`)).toBe(false)
		await writeFile(file, `${taskLine("ok")}\n`)
		const shard = await runCli(world, ["run", file, "--shard", "2/2"])
		expect(shard.code).toBe(2)
		expect(shard.stderr).toContain("--shard: index 2 is not in 0..1")
		const envShard = await runCli(world, ["run", file], { env: { JOB_COMPLETION_INDEX: "0" } })
		expect(envShard.code).toBe(2)
		expect(envShard.stderr).toContain("JOB_COMPLETION_INDEX is set without CAIRN_SHARD_COUNT")
	})
})
