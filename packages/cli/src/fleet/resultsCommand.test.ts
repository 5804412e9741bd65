import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { ExitCode, type FleetRecord } from "@cairn/core"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { runResultsCommand } from "./resultsCommand.js"

const record = (id: string): FleetRecord => ({
	id,
	state: "passed",
	attempt: 1,
	worker: { shard: "0/1", pid: 1, hostname: "h" },
	startedAt: 0,
	endedAt: 1000,
	durationMs: 1000,
	checks: [],
})

let results: string
beforeEach(async () => {
	results = await mkdtemp(path.join(tmpdir(), "cairn-results-"))
})
afterEach(async () => {
	await rm(results, { recursive: true, force: true })
})

async function runResults(format: "text" | "json"): Promise<{ code: number; out: string }> {
	let out = ""
	const code = await runResultsCommand(results, "/", format, (text) => (out += text))
	return { code, out }
}

describe("cairn results", () => {
	it("passes when every task passed, and says so in a table", async () => {
		await writeFile(path.join(results, "a.json"), JSON.stringify(record("a")))
		const { code, out } = await runResults("text")
		expect(code).toBe(ExitCode.completed)
		expect(out).toContain("1 tasks: 1 passed, 0 failed")
		expect(out).not.toContain("not read")
	})

	it("says in its table how many record files were past the folder's limit, and does not pass", async () => {
		// One more than the 5,000 a folder may hold: the last by name is never read.
		await Promise.all(
			Array.from({ length: 5_001 }, (_, i) => {
				const id = `t${String(i).padStart(4, "0")}`
				return writeFile(path.join(results, `${id}.json`), JSON.stringify(record(id)))
			}),
		)
		const text = await runResults("text")
		expect(text.code).toBe(ExitCode.failed)
		expect(text.out).toContain("5000 tasks: 5000 passed")
		expect(text.out).toContain("Record files not read (past the limit of one folder): 1")
		const json = await runResults("json")
		expect(json.code).toBe(ExitCode.failed)
		expect(JSON.parse(json.out)).toMatchObject({ notRead: 1 })
	})
})
