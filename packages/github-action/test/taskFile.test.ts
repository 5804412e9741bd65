import { spawnSync } from "node:child_process"
import { mkdtemp } from "node:fs/promises"
import path from "node:path"
import type { Turn } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { shardRecords } from "../src/fleetRecords.js"
import { ActionWorld, cairnBinary } from "./actionWorld.js"

let world: ActionWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

/** One turn that does a task whole: tasks run at once take turns in any order. */
const doTask: Turn = {
	toolCalls: [
		{ name: "write_to_file", arguments: { path: "done.txt", content: "done\n" } },
		{ name: "attempt_completion", arguments: { result: "Done." } },
	],
	usage: { inputTokens: 1_000, outputTokens: 100 },
}
const ids = ["alpha", "bravo", "charlie", "delta"]
const taskFile = ids
	.map((id) =>
		JSON.stringify({
			id,
			prompt: `Task ${id}.`,
			repository: ".",
			...(id === "alpha" && { checks: [{ command: "test -f done.txt", timeout: 60 }] }),
		}),
	)
	.join("\n")

/**
 * `cairn run` (the fleet's command) is built on its own branch: until it is in this CLI, `cairn run
 * --help` prints the main help, without --shard, and this suite waits for it.
 */
const cliHasFleetRun = spawnSync(process.execPath, [cairnBinary, "run", "--help"], {
	encoding: "utf8",
}).stdout.includes("--shard")

describe.skipIf(!cliHasFleetRun)("the action on a matrix of a task file (cairn run --shard i/n)", () => {
	it("two matrix jobs share the file: every task runs once, and each that passed is pushed and gets a pull request with its cost", async () => {
		world = await ActionWorld.create(
			ids.map(() => doTask),
			{ "tasks.jsonl": `${taskFile}\n` },
		)
		const results = await mkdtemp(path.join(world.root, "results-"))
		const repository = { default_branch: "main" }
		let logs = ""
		for (const shard of ["0/2", "1/2"]) {
			const run = await world.run(
				{ name: "workflow_dispatch", payload: { repository } },
				{ "task-file": "tasks.jsonl", shard, results },
			)
			expect(run.stdout).not.toContain("::error::")
			expect(run.code).toBe(0)
			logs += run.stdout
			const mine = await shardRecords(results, shard)
			expect(run.outputs).toMatchObject({ passed: String(mine.length), failed: "0" })
			// The job page's summary: the shard's totals and a row per task of its share, with its checks.
			expect(run.summary).toContain(`<h2>Cairn: ${mine.length} of ${mine.length} tasks passed`)
			for (const record of mine) {
				expect(run.summary).toContain(`<td><code>${record.id}</code></td><td>passed</td>`)
			}
			expect(run.summary.match(/<a href="https&#58;[^"]*pull&#47;\d+">open<\/a>/g)).toHaveLength(
				mine.length,
			)
			if (mine.some((record) => record.id === "alpha"))
				expect(run.summary).toContain("✓ test &#45;f done&#46;txt")
		}
		const records = [...(await shardRecords(results, "0/2")), ...(await shardRecords(results, "1/2"))]
		expect(records.map((record) => record.id).sort()).toEqual(ids)
		expect(records.every((record) => record.state === "passed")).toBe(true)
		for (const id of ids) expect(logs).toMatch(new RegExp(`^✓ ${id}: passed · \\$\\d`, "m"))
		for (const record of records) {
			expect(world.remoteFile(record.branch ?? "", "done.txt")).toBe("done\n")
		}
		expect(world.github.pullRequests.map((pull) => pull.head).sort()).toEqual(
			ids.map((id) => `cairn/${id}`),
		)
		expect(world.github.comments).toHaveLength(ids.length)
		expect(world.github.comments.every((comment) => /Cost: \$\d/.test(comment.body))).toBe(true)
		expect(world.model.requests.filter((request) => request.route === "chat")).toHaveLength(ids.length)
	})
})
