// The process governance/traceCrash.test.ts kills with SIGKILL: it appends trace records as fast as it can
// with the real appendTraceRecord and prints the index of each one once the append returned.
// Arguments: the trace file, the size of each record's padding.
import { appendTraceRecord } from "../governance/agentTrace.js"

const [file, paddingText] = process.argv.slice(2)
if (file === undefined) throw new Error("usage: traceCrashChild <file> <padding>")
const padding = "x".repeat(Number(paddingText))
process.stdout.write("ready\n")
for (let i = 0; ; i++) {
	await appendTraceRecord(file, {
		time: new Date().toISOString(),
		task_id: padding,
		intent_id: "INT-1",
		tool: "write_to_file",
		tool_use_id: String(i),
		model_id: "m",
		outcome: "completed",
		paths: [],
	})
	process.stdout.write(`${i}\n`)
}
