import { spawnSync } from "node:child_process"
import { mkdir, readdir, stat, writeFile } from "node:fs/promises"
import { hostname } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { runFleet, type FleetEvent, type FleetTaskRunner, type TaskRunOutcome } from "./fleetRun.js"
import { inShard } from "./shard.js"
import type { FleetTask } from "./taskFile.js"
import { readRecord, readRecords, writeRecord } from "./taskRecord.js"

// The scheduler over a real results folder and real locks; the task runner is the seam (the CLI's
// runs a `cairn` child per task; see packages/cli/test/fleet.test.ts for that, with real processes).

let results: string
let remove: () => Promise<void>
beforeEach(async () => {
	;({ dir: results, remove } = await makeTempDir("cairn-fleet-"))
})
afterEach(() => remove())

const tasks = (count: number): FleetTask[] =>
	Array.from({ length: count }, (_, index) => ({
		id: `t${index}`,
		prompt: `do ${index}`,
		repository: ".",
		checks: [],
	}))

const passed: TaskRunOutcome = { state: "passed", checks: [], cost: 0.01, branch: "cairn/x", commit: "abc" }

/** A runner that records each call and answers with `outcome(task)`. */
function recorder(outcome: (task: FleetTask) => TaskRunOutcome = () => passed) {
	const calls: { id: string; attempt: number }[] = []
	const runTask: FleetTaskRunner = async (task, attempt) => {
		calls.push({ id: task.id, attempt })
		return outcome(task)
	}
	return { calls, runTask }
}

describe("running a task file's share", () => {
	it("runs every task once, writes a record each and says so in events", async () => {
		const { calls, runTask } = recorder((task) =>
			task.id === "t1" ? { state: "failed", checks: [], error: "checks failed" } : passed,
		)
		const events: FleetEvent[] = []
		const tally = await runFleet({
			tasks: tasks(3),
			shard: { index: 0, count: 1 },
			concurrency: 2,
			results,
			runTask,
			onEvent: (event) => events.push(event),
		})
		expect(tally).toEqual({ passed: 2, failed: 1, skipped: 0, held: 0, lost: 0 })
		expect(calls.map((call) => call.id).sort()).toEqual(["t0", "t1", "t2"])
		const { records } = await readRecords(results)
		expect(records.map((record) => [record.id, record.state, record.attempt])).toEqual([
			["t0", "passed", 1],
			["t1", "failed", 1],
			["t2", "passed", 1],
		])
		expect(records[0]).toMatchObject({
			cost: 0.01,
			branch: "cairn/x",
			commit: "abc",
			worker: { shard: "0/1", pid: process.pid, hostname: hostname() },
		})
		expect(records[1]?.error).toBe("checks failed")
		expect(events[0]).toEqual({
			type: "fleet",
			subtype: "start",
			shard: "0/1",
			tasks: 3,
			inFile: 3,
			concurrency: 2,
		})
		expect(events.at(-1)).toEqual({ type: "fleet", subtype: "end", ...tally })
		expect(events.filter((event) => event.subtype === "task_started")).toHaveLength(3)
	})

	it("never runs more than `concurrency` tasks at once, and does run that many", async () => {
		let running = 0
		let most = 0
		let finished = 0
		const waiting: (() => void)[] = []
		const runTask: FleetTaskRunner = async () => {
			running++
			most = Math.max(most, running)
			// Each task waits until three are running (or the last ones run), so overlap is certain, not timed.
			await new Promise<void>((resolve) => {
				waiting.push(resolve)
				if (waiting.length === 3 || running === 7 - finished)
					for (const wake of waiting.splice(0)) wake()
			})
			running--
			finished++
			return passed
		}
		await runFleet({
			tasks: tasks(7),
			shard: { index: 0, count: 1 },
			concurrency: 3,
			results,
			runTask,
			onEvent: () => {},
		})
		expect(most).toBe(3)
		expect(finished).toBe(7)
	})

	it("runs again only what did not pass: a passed task is skipped, a failed one is a new attempt", async () => {
		const first = recorder((task) => (task.id === "t1" ? { state: "failed", checks: [] } : passed))
		await runFleet({
			tasks: tasks(3),
			shard: { index: 0, count: 1 },
			concurrency: 1,
			results,
			runTask: first.runTask,
			onEvent: () => {},
		})
		const again = recorder()
		const events: FleetEvent[] = []
		const tally = await runFleet({
			tasks: tasks(3),
			shard: { index: 0, count: 1 },
			concurrency: 1,
			results,
			runTask: again.runTask,
			onEvent: (event) => events.push(event),
		})
		expect(again.calls).toEqual([{ id: "t1", attempt: 2 }])
		expect(tally).toMatchObject({ passed: 1, skipped: 2 })
		expect(events).toContainEqual({ type: "fleet", subtype: "task_skipped", id: "t0", why: "passed" })
		const record = await readRecord(results, "t1")
		expect(record.ok && record.value).toMatchObject({ state: "passed", attempt: 2 })
	})

	it("takes over a task whose worker was killed mid-task (its lock's holder is dead) as a new attempt", async () => {
		// What a worker killed with SIGKILL leaves: a `running` record and its claim, owned by a process that is gone.
		await writeRecord(results, {
			id: "t0",
			state: "running",
			attempt: 1,
			worker: { shard: "0/1", pid: 1, hostname: hostname() },
			startedAt: 1,
			checks: [],
		})
		const gone = spawnSync(process.execPath, ["-e", ""]).pid
		await leftClaim("t0", gone)
		const { calls, runTask } = recorder()
		await runFleet({
			tasks: tasks(1),
			shard: { index: 0, count: 1 },
			concurrency: 1,
			results,
			runTask,
			onEvent: () => {},
		})
		expect(calls).toEqual([{ id: "t0", attempt: 2 }])
		const record = await readRecord(results, "t0")
		expect(record.ok && record.value).toMatchObject({ state: "passed", attempt: 2 })
		// The claim is released: nothing is left in `.claims` but owner files.
		expect(
			(await readdir(path.join(results, ".claims"))).filter((name) => !name.endsWith(".owner")),
		).toEqual([])
	})

	it("leaves alone a task another live worker of this machine holds", async () => {
		await leftClaim("t0", process.pid)
		const { calls, runTask } = recorder()
		const events: FleetEvent[] = []
		const tally = await runFleet({
			tasks: tasks(2),
			shard: { index: 0, count: 1 },
			concurrency: 1,
			results,
			runTask,
			onEvent: (event) => events.push(event),
		})
		expect(calls.map((call) => call.id)).toEqual(["t1"])
		expect(tally).toMatchObject({ passed: 1, held: 1 })
		expect(events).toContainEqual({
			type: "fleet",
			subtype: "task_skipped",
			id: "t0",
			why: "held",
			by: `process ${process.pid} on ${hostname()}`,
		})
	})

	it("runs only its shard's tasks, and the shards together run each task once", async () => {
		const all = tasks(12)
		const ran: string[] = []
		for (const index of [0, 1, 2]) {
			const { calls, runTask } = recorder()
			await runFleet({
				tasks: all,
				shard: { index, count: 3 },
				concurrency: 2,
				results,
				runTask,
				onEvent: () => {},
			})
			expect(calls.every((call) => inShard(call.id, { index, count: 3 }))).toBe(true)
			ran.push(...calls.map((call) => call.id))
		}
		expect(ran.sort()).toEqual(all.map((task) => task.id).sort())
	})

	it("records a runner's error as the task's failure, and stops the run when a record cannot be written", async () => {
		const runTask: FleetTaskRunner = async () => {
			throw new Error("no such repository")
		}
		await runFleet({
			tasks: tasks(1),
			shard: { index: 0, count: 1 },
			concurrency: 1,
			results,
			runTask,
			onEvent: () => {},
		})
		const record = await readRecord(results, "t0")
		expect(record.ok && record.value).toMatchObject({ state: "failed", error: "no such repository" })

		// A folder where the record should be: the write fails, and the run says so instead of going on.
		await mkdir(path.join(results, "t1.json"))
		const { calls, runTask: second } = recorder()
		await expect(
			runFleet({
				tasks: tasks(3),
				shard: { index: 0, count: 1 },
				concurrency: 1,
				results,
				runTask: second,
				onEvent: () => {},
			}),
		).rejects.toThrow()
		expect(calls.map((call) => call.id)).toEqual(["t0"])
	})

	it("runs nothing of a task whose record is damaged: it might say the task passed", async () => {
		await writeFile(path.join(results, "t0.json"), "{ torn")
		const { calls, runTask } = recorder()
		await expect(
			runFleet({
				tasks: tasks(1),
				shard: { index: 0, count: 1 },
				concurrency: 1,
				results,
				runTask,
				onEvent: () => {},
			}),
		).rejects.toThrow("The result record of task t0 cannot be read")
		expect(calls).toEqual([])
	})
})

/** A claim as a worker leaves it: the lock folder and its owner file naming `pid` on this machine. */
async function leftClaim(id: string, pid: number): Promise<void> {
	const lockDir = path.join(results, ".claims", id)
	await mkdir(lockDir, { recursive: true })
	const info = await stat(lockDir)
	await writeFile(
		`${lockDir}.owner`,
		JSON.stringify({ pid, hostname: hostname(), lockIno: info.ino, lockBirthMs: info.birthtimeMs }),
	)
}
