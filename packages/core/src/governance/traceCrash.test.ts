import { spawn } from "node:child_process"
import path from "node:path"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readJournal } from "../persistence/jsonlJournal.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { appendTraceRecord, traceRecordSchema, type TraceRecord } from "./agentTrace.js"
import { safeParse } from "@cairn/types"

// A real writer of the agent trace, SIGKILLed at random instants: every record it reported
// written is still there, at most the line being written is lost, and the next writer's record
// is whole.

const childBundle = path.resolve(import.meta.dirname, "../../.test-build/trace-crash-child.mjs")
const kills = 12
let temp: Awaited<ReturnType<typeof makeTempDir>>

beforeAll(async () => {
	await build({
		entryPoints: [path.resolve(import.meta.dirname, "../test-support/traceCrashChild.ts")],
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20",
		conditions: ["source"],
		outfile: childBundle,
		logLevel: "error",
	})
	temp = await makeTempDir("cairn-trace-crash-")
}, 60_000)
afterAll(() => temp?.remove())

/** Starts the writer, kills it at a random instant once it writes, and returns the records it acknowledged. */
async function runAndKill(file: string, padding: number): Promise<string[]> {
	const child = spawn(process.execPath, [childBundle, file, String(padding)], {
		stdio: ["ignore", "pipe", "inherit"],
	})
	let output = ""
	const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
	await new Promise<void>((resolve, reject) => {
		child.stdout.on("data", (chunk: Buffer) => {
			output += chunk.toString("utf8")
			if (output.startsWith("ready\n")) resolve()
		})
		child.on("exit", () => reject(new Error(`the writer exited by itself: ${output.slice(0, 200)}`)))
	})
	await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 40))
	child.kill("SIGKILL")
	await exited
	return output.split("\n").slice(1, -1)
}

const parse = (value: unknown) => safeParse(traceRecordSchema, value)

describe("kill -9 while writing the agent trace", () => {
	it("keeps every acknowledged record, and the next record after a torn line is whole", async () => {
		const file = path.join(temp.dir, "agent_trace.jsonl")
		const acknowledged: string[] = []
		for (let kill = 0; kill < kills; kill++) {
			acknowledged.push(...(await runAndKill(file, 1 + Math.floor(Math.random() * 200_000))))
			const marker: TraceRecord = {
				time: new Date().toISOString(),
				task_id: "after",
				intent_id: "INT-1",
				tool: "marker",
				tool_use_id: `marker-${kill}`,
				model_id: "m",
				outcome: "completed",
				paths: [],
			}
			await appendTraceRecord(file, marker)
			const { records } = await readJournal(file, parse)
			const ids = new Set(records.map((r) => r.tool_use_id))
			expect(
				acknowledged.filter((id) => !ids.has(id)),
				`after kill ${kill}`,
			).toEqual([])
			expect(records.at(-1)).toEqual(marker)
		}
		const { damagedLines, tornTail } = await readJournal(file, parse)
		expect(tornTail).toBe(false)
		// Only the lines a kill cut short are damaged: one per kill at most.
		expect(damagedLines.length).toBeLessThanOrEqual(kills)
	}, 60_000)
})
