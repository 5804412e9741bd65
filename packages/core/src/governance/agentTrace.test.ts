import { createHash } from "node:crypto"
import { appendFile, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { appendTraceRecord, recentTraceRecords, sha256OfFile, type TraceRecord } from "./agentTrace.js"

let temp: { dir: string; remove(): Promise<void> }
let file: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-trace-")
	file = path.join(temp.dir, "agent_trace.jsonl")
})
afterEach(() => temp.remove())

const record = (intent_id: string, tool = "write_to_file"): TraceRecord => ({
	time: new Date(0).toISOString(),
	task_id: "task",
	intent_id,
	tool,
	tool_use_id: "toolu_1",
	model_id: "model",
	outcome: "completed",
	paths: [{ path: "a.ts", sha256_before: null, sha256_after: "00" }],
})

describe("the agent trace", () => {
	it("hashes a file's bytes, and a missing file as null", async () => {
		await writeFile(path.join(temp.dir, "a.txt"), "hello\n")
		expect(await sha256OfFile(path.join(temp.dir, "a.txt"))).toBe(
			createHash("sha256").update("hello\n").digest("hex"),
		)
		expect(await sha256OfFile(path.join(temp.dir, "missing.txt"))).toBeNull()
	})

	it("appends one line per record and reads an intent's newest ones", async () => {
		for (const id of ["A", "B", "A", "A"]) await appendTraceRecord(file, record(id))
		expect((await readFile(file, "utf8")).split("\n")).toHaveLength(5)
		expect(await recentTraceRecords(file, "A", 2)).toEqual([record("A"), record("A")])
		expect(await recentTraceRecords(file, "B", 10)).toEqual([record("B")])
	})

	it("keeps the next record whole after a writer was killed mid-line", async () => {
		await appendTraceRecord(file, record("A", "first"))
		await appendFile(file, '{"time":"2026-01-01T00:00:00Z","task_id":"t","intent')
		expect(await recentTraceRecords(file, "A", 10)).toEqual([record("A", "first")])
		await appendTraceRecord(file, record("A", "after the crash"))
		expect((await recentTraceRecords(file, "A", 10)).map((r) => r.tool)).toEqual([
			"first",
			"after the crash",
		])
	})

	it("reads a trace that does not exist yet as empty", async () => {
		expect(await recentTraceRecords(file, "A", 5)).toEqual([])
	})
})
