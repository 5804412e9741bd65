import type { FleetEvent, FleetRecord } from "@cairn/core"
import { describe, expect, it } from "vitest"
import { FleetOutput } from "./fleetOutput.js"

const record = (id: string, state: "passed" | "failed", error?: string): FleetRecord => ({
	id,
	state,
	attempt: 1,
	worker: { shard: "0/1", pid: 1, hostname: "h" },
	startedAt: 0,
	endedAt: 65_000,
	durationMs: 65_000,
	branch: `cairn/${id}`,
	cost: 0.5,
	checks: [],
	...(error !== undefined && { error }),
})

const run: FleetEvent[] = [
	{ type: "fleet", subtype: "start", shard: "0/1", tasks: 3, inFile: 3, concurrency: 2 },
	{ type: "fleet", subtype: "task_skipped", id: "a", why: "passed" },
	{ type: "fleet", subtype: "task_started", id: "b", attempt: 1 },
	{ type: "fleet", subtype: "task_ended", id: "b", record: record("b", "passed") },
	{ type: "fleet", subtype: "task_started", id: "c", attempt: 1 },
	{
		type: "fleet",
		subtype: "task_ended",
		id: "c",
		record: record("c", "failed", "check failed: npm test"),
	},
	{ type: "fleet", subtype: "end", passed: 1, failed: 1, skipped: 1, held: 0, lost: 0 },
]

function print(format: "text" | "json" | "stream-json", progressLine: boolean) {
	const out = { stdout: "", stderr: "" }
	const output = new FleetOutput(
		format,
		{ stdout: (text) => (out.stdout += text), stderr: (text) => (out.stderr += text), progressLine },
		"/r",
	)
	for (const event of run) output.event(event)
	output.finish(false)
	return out
}

describe("what cairn run prints", () => {
	it("in text: a line per task that ended or was skipped, and the totals", () => {
		const { stdout, stderr } = print("text", false)
		expect(stdout.split("\n")).toEqual([
			"Running 3 of the file's 3 tasks (shard 0/1), 2 at once",
			"skipped  a  (passed in an earlier run)",
			"passed  b  1m05s  $0.50  cairn/b",
			"failed  c  1m05s  $0.50  cairn/c",
			"    check failed: npm test",
			"1 passed, 1 failed, 1 passed before, 0 held by other workers. Records: /r",
			"",
		])
		expect(stderr).toBe("")
	})

	it("in a terminal: a progress line on stderr, redrawn in place and cleared at the end", () => {
		const { stderr } = print("text", true)
		expect(stderr).toContain("\r\u001b[K████████████████████████ 3/3  2 passed, 1 failed, 0 running")
		expect(stderr).toContain("████████░░░░░░░░░░░░░░░░ 1/3  1 passed, 0 failed, 0 running")
		expect(stderr.endsWith("\r\u001b[K")).toBe(true)
	})

	it("in stream-json: every event as a line; in json: one object at the end", () => {
		const lines = print("stream-json", false).stdout.trimEnd().split("\n")
		expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(run)
		const json = JSON.parse(print("json", false).stdout) as Record<string, unknown>
		expect(json).toMatchObject({
			results: "/r",
			shard: "0/1",
			stopped: false,
			passed: 1,
			failed: 1,
			skipped: 1,
		})
		expect((json.records as FleetRecord[]).map((r) => r.id)).toEqual(["b", "c"])
	})
})
