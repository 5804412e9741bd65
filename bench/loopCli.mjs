// The loop benchmark's task run through the bundled `cairn` binary (packages/cli/dist/cairn.js),
// as a person runs it: its memory is what issue 37's targets are about (peak PSS at N = 100 and
// N = 1,000, default settings, checkpoints on), and it differs from the loop's child, which runs
// the built core in plain Node without the CLI's start-up, bundle and output. The CPU counted is
// the whole process's and every descendant's, its start-up included.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { performance } from "node:perf_hooks"
import { runUnderSubreaper, servedBy, startModelServer } from "./benchProcesses.mjs"

/** One headless `cairn` task on the scenario; figures of the process and its tree. */
export async function runThroughCli({ cliBin, modelServerBin, scenario, turns, dir, timeoutMs }) {
	const workspace = path.join(dir, "workspace")
	fs.mkdirSync(workspace)
	const { server, out: serverOut, url } = await startModelServer(modelServerBin, scenario, dir, timeoutMs)
	const startedAt = performance.now()
	const run = await runUnderSubreaper(
		path.join(dir, "subreaper.json"),
		[
			cliBin,
			"--provider",
			"openai",
			"--model",
			"gpt-4.1",
			"--base-url",
			`${url}/v1`,
			"--api-key",
			"bench-key-0123456789",
			"-y",
			"--output-format",
			"json",
			`Write the ${turns} files.`,
		],
		{
			cwd: workspace,
			env: { PATH: process.env.PATH, NO_COLOR: "1", HOME: dir, CAIRN_HOME: path.join(dir, "home") },
		},
	)
	const wallMs = performance.now() - startedAt
	server.kill("SIGTERM")
	await server.closed
	if (run.code !== 0) throw new Error(`cairn exited with ${run.code}:\n${run.out.stderr}`)
	return {
		turns,
		wallMs,
		peakPssBytes: run.peakPssBytes,
		peakTreePssBytes: run.peakTreePssBytes,
		treeCpuMs: run.reaped.treeCpuMs,
		ownCpuMs: run.agentCpuMs,
		orphans: run.reaped.orphans.filter((orphan) => orphan.running),
		load: os.loadavg()[0],
		...servedBy(serverOut),
	}
}
