// Fleet benchmark: `cairn run` on a task file of N tasks (each writes a file in its own worktree,
// completes, and passes a check) against the scripted model server, at several concurrencies. It
// checks every task passed, and compares the run's wall time with (tasks x mean task time) /
// concurrency, the time a perfect scheduler would take with those task times.
//
//   npm run build -w @cairn/model-server && node packages/cli/build.mjs && node bench/fleet.mjs [--tasks 40] [--concurrency 1,4,8]
//
// It runs the BUILT cli (packages/cli/dist/cairn.js) and model server (packages/model-server/dist).
import { execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const cliBin = path.join(repoRoot, "packages/cli/dist/cairn.js")

const { values: args } = parseArgs({
	options: {
		tasks: { type: "string", default: "40" },
		concurrency: { type: "string", default: "1,4,8" },
	},
	strict: true,
})
const taskCount = Number(args.tasks)
const concurrencies = args.concurrency.split(",").map(Number)
if (!fs.existsSync(cliBin)) throw new Error(`${cliBin} is missing: run \`node packages/cli/build.mjs\` first`)

const { startModelServer, concurrentConversations } = await import("@cairn/model-server")

const git = (cwd, ...rest) =>
	execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...rest], { cwd, encoding: "utf8" })

/** CPU time of this process's waited-for children and theirs (cutime + cstime of /proc/self/stat), in ms. */
function childrenCpuMs() {
	const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ")
	// After "pid (comm) ", cutime and cstime are fields 14 and 15 (0-based), in clock ticks of 10 ms.
	return (Number(fields[13]) + Number(fields[14])) * 10
}

/** One `cairn run` of the whole file at `concurrency`; the wall time and the records. */
async function runFleet(concurrency) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-fleet-bench-"))
	try {
		const repository = path.join(dir, "repo")
		fs.mkdirSync(repository)
		fs.writeFileSync(path.join(repository, "README.md"), "bench\n")
		git(repository, "init", "-q", "-b", "main")
		git(repository, "add", "-A")
		git(repository, "commit", "-qm", "first")
		const ids = Array.from({ length: taskCount }, (_, k) => `task-${k}`)
		const prompt = (id) => `Write the file of ${id}.`
		const file = path.join(dir, "tasks.jsonl")
		fs.writeFileSync(
			file,
			ids
				.map((id) =>
					JSON.stringify({
						id,
						prompt: prompt(id),
						repository: "repo",
						checks: [`test -f ${id}.txt`],
					}),
				)
				.join("\n"),
		)
		const server = await startModelServer({
			sideTurns: concurrentConversations(
				Object.fromEntries(
					ids.map((id) => [
						prompt(id),
						[
							{
								toolCalls: [
									{
										name: "write_to_file",
										arguments: { path: `${id}.txt`, content: `${id}\n` },
									},
								],
							},
							{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] },
						],
					]),
				),
			),
			lifetimeMs: 3_600_000,
		})
		try {
			const results = path.join(dir, "results")
			const cpuBefore = childrenCpuMs()
			const startedAt = performance.now()
			const child = spawn(
				process.execPath,
				[
					cliBin,
					"run",
					file,
					"--results",
					results,
					"--concurrency",
					String(concurrency),
					"--output-format",
					"json",
					"--provider",
					"anthropic",
					"--model",
					"claude-sonnet-4-5",
					"--base-url",
					server.url,
					"--api-key",
					"bench-key-0123456789",
				],
				{
					cwd: dir,
					env: {
						PATH: process.env.PATH,
						HOME: dir,
						CAIRN_HOME: path.join(dir, "home"),
						NO_COLOR: "1",
					},
					stdio: ["ignore", "pipe", "inherit"],
				},
			)
			let stdout = ""
			child.stdout.on("data", (chunk) => (stdout += chunk))
			const code = await new Promise((resolve) => child.on("close", resolve))
			const wallMs = performance.now() - startedAt
			const childCpuMs = childrenCpuMs() - cpuBefore
			if (code !== 0) throw new Error(`cairn run exited with ${code}:\n${stdout}`)
			const summary = JSON.parse(stdout)
			const durations = summary.records.map((record) => record.durationMs)
			const meanTaskMs = durations.reduce((a, b) => a + b, 0) / durations.length
			return {
				concurrency,
				passed: summary.passed,
				wallMs,
				meanTaskMs,
				idealMs: (taskCount * meanTaskMs) / concurrency,
				load: os.loadavg()[0],
				childCpuMs,
			}
		} finally {
			await server.close()
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

const rows = []
for (const concurrency of concurrencies) rows.push(await runFleet(concurrency))
console.log(`tasks: ${taskCount}, cores: ${os.availableParallelism()}`)
console.log(
	"| concurrency | passed | wall s | mean task s | tasks x mean / concurrency s | wall / ideal | CPU s (cairn run and all it started) | load (1 min) |",
)
console.log(
	"| ----------- | ------ | ------ | ----------- | ---------------------------- | ------------ | ----------------------------------- | ------------ |",
)
for (const row of rows)
	console.log(
		`| ${row.concurrency} | ${row.passed}/${taskCount} | ${(row.wallMs / 1000).toFixed(1)} | ${(row.meanTaskMs / 1000).toFixed(2)} | ${(row.idealMs / 1000).toFixed(1)} | ${(row.wallMs / row.idealMs).toFixed(2)} | ${(row.childCpuMs / 1000).toFixed(1)} | ${row.load.toFixed(1)} |`,
	)
