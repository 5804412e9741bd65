import { spawn } from "node:child_process"
import { readFile, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { inShard } from "@cairn/core"
import { modelAnswerCount } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { binary, CliChild, createWorld, type CliWorld } from "./support/cliProcess.js"
import {
	fleetModel,
	git,
	groupGone,
	initRepository,
	killGroup,
	taskLine,
	taskOfRequest,
} from "./support/fleet.js"

// Kubernetes Indexed Job semantics on one machine: N worker processes of the built `cairn run`, told
// their index by JOB_COMPLETION_INDEX, share one task file and one results folder; some are killed
// mid-task with SIGKILL (their whole process group, as a pod's eviction kills its container) and
// started again; every task is done exactly once.

let world: CliWorld | undefined
const workers: CliChild[] = []
afterEach(async () => {
	for (const worker of workers)
		if (worker.child.exitCode === null && worker.child.pid) killGroup(worker.child.pid)
	workers.length = 0
	await world?.cleanup()
	world = undefined
})

const count = 3
const ids = Array.from({ length: 12 }, (_, index) => `t${index}`)
const shareOf = (index: number) => ids.filter((id) => inShard(id, { index, count }))

describe("workers of an Indexed Job on one task file", { timeout: 240_000 }, () => {
	it("take disjoint shares by JOB_COMPLETION_INDEX; a worker killed mid-task and started again resumes its share; every task is done exactly once", async () => {
		// In shards 0 and 1, the second task's first request is held: its worker is then surely mid-task.
		const held = [0, 1].map((index) => {
			const share = shareOf(index)
			if (share.length < 2)
				throw new Error(`shard ${index} has fewer than two tasks: ${share.join(", ")}`)
			return share[1] as string
		})
		const model = fleetModel(ids, held)
		world = await createWorld({
			files: { "README.md": "hello\n" },
			server: { sideTurns: model.sideTurns },
		})
		initRepository(world.workspace)
		const file = path.join(world.root, "tasks.jsonl")
		await writeFile(
			file,
			ids
				.map((id) => taskLine(id, { repository: "workspace", checks: [`test -f ${id}.txt`] }))
				.join("\n"),
		)
		const results = path.join(world.root, "results")
		const at = world
		const start = (index: number): CliChild => {
			const child = spawn(
				process.execPath,
				[
					binary,
					"run",
					file,
					"--results",
					results,
					"--concurrency",
					"1",
					"--output-format",
					"stream-json",
					...at.providerArgs,
				],
				{
					cwd: at.root,
					// Its own process group, as a pod's processes are: killing the group kills its agents too.
					detached: true,
					stdio: "pipe",
					env: {
						PATH: process.env.PATH ?? "",
						HOME: at.root,
						NO_COLOR: "1",
						CAIRN_HOME: at.cairnHome,
						TMPDIR: os.tmpdir(),
						JOB_COMPLETION_INDEX: String(index),
						CAIRN_SHARD_COUNT: String(count),
					},
				},
			)
			const worker = new CliChild(child)
			workers.push(worker)
			return worker
		}
		const running = [0, 1, 2].map(start)

		for (const [index, id] of held.entries()) {
			await model.gates.get(id)?.arrived
			const victim = running[index] as CliChild
			const pid = victim.child.pid as number
			// Its first task passed and was recorded before this one started (one at a time).
			expect(victim.lines.filter((line) => line.subtype === "task_ended")).toHaveLength(1)
			killGroup(pid)
			await victim.exited
			await groupGone(pid)
			running[index] = start(index)
			model.gates.get(id)?.release()
		}
		const ended = await Promise.all(running.map((worker) => worker.exited))
		for (const run of ended) expect(run.code, run.stderr).toBe(0)

		// Every task has one record, passed; the two killed mid-task were taken up again as a second attempt.
		for (const id of ids) {
			const record = JSON.parse(await readFile(path.join(results, `${id}.json`), "utf8")) as {
				state: string
				attempt: number
				branch: string
				worker: { shard: string }
			}
			const killed = held.includes(id)
			expect(record, id).toMatchObject({
				state: "passed",
				attempt: killed ? 2 : 1,
				branch: killed ? `cairn/${id}-2` : `cairn/${id}`,
			})
			expect(shareOf(Number(record.worker.shard.split("/")[0])), id).toContain(id)
			expect(git(at.workspace, "show", `${record.branch}:${id}.txt`)).toBe(id)
		}
		// Exactly once: each task's agent completed once; only the killed ones started twice.
		const chats = at.server.requests.filter((request) => request.route === "chat")
		for (const id of ids) {
			const mine = chats.filter((request) => taskOfRequest(request.body) === id)
			expect(
				mine.filter((request) => modelAnswerCount(request.body) === 1),
				id,
			).toHaveLength(1)
			expect(
				mine.filter((request) => modelAnswerCount(request.body) === 0),
				id,
			).toHaveLength(held.includes(id) ? 2 : 1)
		}
		// The restarted workers skipped what their killed predecessors had finished.
		for (const index of [0, 1]) {
			const restarted = running[index] as CliChild
			expect(
				restarted.lines.filter((line) => line.subtype === "task_skipped").map((line) => line.id),
			).toEqual([shareOf(index)[0]])
		}
	})
})
