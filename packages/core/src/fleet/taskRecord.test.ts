import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { fleetReport } from "./fleetReport.js"
import { maxRecordBytes } from "./recordFiles.js"
import { readRecords, writeRecord, type FleetRecord } from "./taskRecord.js"

const worker = { shard: "0/1", pid: 1, hostname: "h" }
const record = (id: string, more: Partial<FleetRecord> = {}): FleetRecord => ({
	id,
	state: "passed",
	attempt: 1,
	worker,
	startedAt: 1000,
	endedAt: 1500,
	durationMs: 500,
	checks: [],
	...more,
})

let temp: string
let results: string
beforeEach(async () => {
	temp = await mkdtemp(path.join(tmpdir(), "cairn-records-"))
	results = path.join(temp, "results")
	await mkdir(results)
})
afterEach(async () => {
	await rm(temp, { recursive: true, force: true })
})

describe("a results folder read as untrusted", () => {
	it("reads its records, and names each file that is not one with why, without failing the rest", async () => {
		await writeRecord(results, record("good"))
		await writeFile(path.join(results, "broken.json"), "{ not json")
		await writeFile(path.join(results, "shape.json"), JSON.stringify({ id: "shape", state: "won" }))
		const read = await readRecords(results)
		expect(read.records.map((r) => r.id)).toEqual(["good"])
		expect(read.unreadable).toEqual([
			{ file: path.join(results, "broken.json"), error: expect.stringMatching(/^not valid JSON/) },
			{ file: path.join(results, "shape.json"), error: expect.stringMatching(/state/) },
		])
		expect(read.notRead).toBe(0)
	})

	it("never follows a symbolic link out of the folder, even to a valid record", async () => {
		const outside = path.join(temp, "outside")
		await mkdir(outside)
		await writeRecord(outside, record("planted", { cost: 999 }))
		await symlink(path.join(outside, "planted.json"), path.join(results, "planted.json"))
		const read = await readRecords(results)
		expect(read.records).toEqual([])
		expect(read.unreadable).toEqual([
			{ file: path.join(results, "planted.json"), error: "a symbolic link: not followed" },
		])
	})

	it("does not read a record larger than the cap, or a folder named like one", async () => {
		await writeFile(path.join(results, "huge.json"), " ".repeat(maxRecordBytes + 1))
		await mkdir(path.join(results, "folder.json"))
		const read = await readRecords(results)
		expect(read.unreadable.map((bad) => bad.error)).toEqual([
			"not a regular file",
			`larger than ${maxRecordBytes} bytes`,
		])
	})

	it("refuses a record under another task's name (it would be counted twice)", async () => {
		await writeRecord(results, record("a"))
		await writeFile(path.join(results, "b.json"), JSON.stringify(record("a")))
		const read = await readRecords(results)
		expect(read.records.map((r) => r.id)).toEqual(["a"])
		expect(read.unreadable).toEqual([
			{ file: path.join(results, "b.json"), error: 'its id "a" is not its file\'s name' },
		])
	})
})

describe("a run's report for the board", () => {
	it("is the summary of `cairn results` with a row per task, its checks counted", async () => {
		const check = (state: "passed" | "failed") => ({
			command: "npm test",
			state,
			durationMs: 5,
			tail: "ok",
		})
		await writeRecord(
			results,
			record("a", {
				cost: 0.5,
				branch: "cairn/a",
				commit: "a".repeat(40),
				changes: { files: 1, added: 2, removed: 0 },
				checks: [check("passed"), check("failed")],
			}),
		)
		await writeRecord(
			results,
			record("b", { state: "failed", startedAt: 1200, endedAt: 2200, durationMs: 1000 }),
		)
		const report = await fleetReport(results)
		expect(report.summary).toMatchObject({ tasks: 2, passed: 1, failed: 1, cost: 0.5, wallTimeMs: 1200 })
		expect(report.summary.slowest.map((task) => task.id)).toEqual(["b", "a"])
		expect(report.rows[0]).toMatchObject({ id: "a", checksPassed: 1, checksFailed: 1, hasDiff: true })
		expect(report.rows[1]).toMatchObject({ id: "b", checksPassed: 0, checksFailed: 0, hasDiff: false })
	})

	it("offers no diff for a branch or commit git could read as an option or a range", async () => {
		await writeRecord(results, record("a", { branch: "--upload-pack=touch x", commit: "a".repeat(40) }))
		await writeRecord(results, record("b", { branch: "cairn/b", commit: "HEAD~1..main" }))
		const report = await fleetReport(results)
		expect(report.rows.map((row) => row.hasDiff)).toEqual([false, false])
	})

	it("shortens a check's long output to its end", async () => {
		const tail = `${"x".repeat(5000)}THE END`
		await writeRecord(
			results,
			record("a", { checks: [{ command: "t", state: "failed", durationMs: 1, tail }] }),
		)
		const shown = (await fleetReport(results)).rows[0]?.checks[0]?.tail ?? ""
		expect(shown.length).toBeLessThan(2100)
		expect(shown.endsWith("THE END")).toBe(true)
	})
})
