// Start-up and memory of the bundled `cairn` binary (issue 37, items 1 and 6): what `cairn --help`
// costs, how long after its start a headless run sends its first request, and the peak memory of
// loop.mjs's task (N files written, checkpoints on) run through the CLI. Prints figures; not a test.
//
//   npm run build -w @cairn/cli && npm run build -w @cairn/model-server
//   node bench/cli-start.mjs [--runs 3] [--turns 100] [--timeout-sec 300] [--binary a.js,b.js]
//
// --binary compares builds (e.g. a copy of an earlier dist/): each run measures every binary in
// turn, so they share the machine's load; the figures are printed per binary.
// The model server runs in this process (its turns stamp when the first request arrives); every
// `cairn` is a fresh child, its memory sampled from /proc every 20 ms, with its descendants.
import { spawn } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { mkdir, mkdtemp, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { loopScenario } from "./loopScenarios.mjs"
import { procStat, pssOf } from "./processTree.mjs"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const serverModule = path.join(repoRoot, "packages/model-server/dist/index.js")
const targets = { helpRssMb: 60, firstRequestS: 0.4, pssMb: 90 }

const { values: args } = parseArgs({
	options: {
		runs: { type: "string", default: "3" },
		turns: { type: "string", default: "100" },
		"timeout-sec": { type: "string", default: "300" },
		binary: { type: "string", default: path.join(repoRoot, "packages/cli/dist/cairn.js") },
	},
	strict: true,
})
const runs = Number(args.runs)
const turns = Number(args.turns)
const binaries = args.binary.split(",").map((file) => path.resolve(file))
for (const file of [...binaries, serverModule])
	if (!existsSync(file))
		fail(`${path.relative(repoRoot, file)} is missing: build the CLI and the model server first`)
const { startModelServer } = await import(serverModule)

const timer = setTimeout(
	() => fail(`timed out after ${args["timeout-sec"]} s`),
	Number(args["timeout-sec"]) * 1000,
)
timer.unref()

const results = binaries.map(() => ({ help: [], first: [], loops: [] }))
for (let run = 0; run < runs; run++) {
	process.stderr.write(`cli-start bench: run ${run + 1} of ${runs}\n`)
	for (const [i, binary] of binaries.entries()) {
		results[i].help.push(await measure(binary, ["--help"]))
		results[i].first.push(await headless(binary, loopScenario(1)))
		results[i].loops.push(await headless(binary, loopScenario(turns)))
	}
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const mb = (bytes) => bytes / 2 ** 20
const row = (label, values, unit, target, digits = 1) => {
	const m = median(values)
	const verdict = target === undefined ? "" : m <= target ? "PASS" : "MISS"
	const all = values.map((v) => v.toFixed(digits)).join(", ")
	console.log(
		`  ${label.padEnd(40)} ${`${m.toFixed(digits)} ${unit}`.padStart(10)}   (${all})${target === undefined ? "" : `  <= ${target} ${unit} ${verdict}`}`,
	)
}
const load = () =>
	os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(" ")
console.log(
	`cairn start-up and memory: node ${process.version}, ${os.cpus().length} CPU(s), load at the end ${load()}`,
)
console.log(`medians of ${runs} runs (each run's figure in brackets)`)
for (const [i, binary] of binaries.entries()) {
	const { help, first, loops } = results[i]
	console.log(`\n${path.relative(repoRoot, binary)}`)
	console.log("cairn --help")
	row(
		"maxRSS",
		help.map((r) => mb(r.maxRss)),
		"MB",
		targets.helpRssMb,
	)
	row(
		"CPU user+sys",
		help.map((r) => r.cpuS),
		"s",
		undefined,
		2,
	)
	console.log("a headless run (-y --provider openai, one file written)")
	row(
		"start to first request (wall)",
		first.map((r) => r.firstRequestS),
		"s",
		targets.firstRequestS,
		3,
	)
	row(
		"CPU user+sys before it",
		first.map((r) => r.cpuBeforeFirstRequestS),
		"s",
		undefined,
		2,
	)
	row(
		"CPU user+sys, whole run",
		first.map((r) => r.cpuS),
		"s",
		undefined,
		2,
	)
	row(
		"maxRSS",
		first.map((r) => mb(r.maxRss)),
		"MB",
	)
	console.log(`loop.mjs's task through the CLI, N=${turns}, checkpoints on`)
	row(
		"peak PSS, cairn",
		loops.map((r) => mb(r.peakPss)),
		"MB",
		targets.pssMb,
	)
	row(
		"peak PSS with its descendants",
		loops.map((r) => mb(r.peakPssTree)),
		"MB",
	)
	row(
		"maxRSS, cairn",
		loops.map((r) => mb(r.maxRss)),
		"MB",
	)
	row(
		"CPU user+sys, cairn",
		loops.map((r) => r.cpuS),
		"s",
		undefined,
		2,
	)
	row(
		"wall",
		loops.map((r) => r.wallS),
		"s",
		undefined,
		2,
	)
}

/** One headless task against a fresh model server; the first turn stamps its request's arrival. */
async function headless(binary, scenario) {
	let firstRequestAt
	let cpuBeforeFirstRequestMs
	let cairnPid
	const [head, ...rest] = scenario
	const server = await startModelServer({
		scenario: [
			() => {
				firstRequestAt ??= performance.now()
				cpuBeforeFirstRequestMs ??= procStat(cairnPid)?.ownCpuMs
				return head
			},
			...rest,
		],
	})
	const root = await mkdtemp(path.join(os.tmpdir(), "cairn-start-bench-"))
	const workspace = path.join(root, "workspace")
	await mkdir(workspace)
	try {
		const result = await measure(
			binary,
			[
				"--provider",
				"openai",
				"--model",
				"gpt-4.1",
				"--base-url",
				server.openaiBaseURL,
				"--api-key",
				"bench-key-0123456789",
				"-y",
				"--output-format",
				"json",
				`Write the ${scenario.length - 1} files.`,
			],
			{
				cwd: workspace,
				env: { HOME: root, CAIRN_HOME: path.join(root, "home") },
				started: (pid) => (cairnPid = pid),
			},
		)
		if (result.code !== 0) fail(`cairn exited with ${result.code}:\n${result.stderr}`)
		const served = server.requests.filter((request) => request.route === "chat").length
		if (served !== scenario.length)
			fail(`the server answered ${served} of ${scenario.length} chat requests`)
		return {
			...result,
			firstRequestS: (firstRequestAt - result.startedAt) / 1000,
			cpuBeforeFirstRequestS: cpuBeforeFirstRequestMs / 1000,
		}
	} finally {
		await server.close()
		await rm(root, { recursive: true, force: true })
	}
}

/**
 * Runs `cairn args` under /usr/bin/time (its maxRSS and CPU) and samples its PSS, and that of its
 * descendants, every 20 ms (from its threads' children files in /proc: reading every process's stat as often
 * would cost the machine more than the run does).
 */
function measure(binary, cairnArgs, { cwd = os.tmpdir(), env = {}, started = () => {} } = {}) {
	return new Promise((resolve, reject) => {
		const startedAt = performance.now()
		const child = spawn(
			"/usr/bin/time",
			["-f", "TIME %M %U %S", process.execPath, binary, ...cairnArgs],
			{
				cwd,
				env: { PATH: process.env.PATH, NO_COLOR: "1", ...env },
				stdio: ["ignore", "ignore", "pipe"],
			},
		)
		let stderr = ""
		child.stderr.on("data", (chunk) => (stderr += chunk))
		let peakPss = 0
		let peakPssTree = 0
		const sample = () => {
			const [cairn] = childrenOf(child.pid)
			if (cairn === undefined) return
			started(cairn)
			const own = pssOf(cairn) ?? 0
			const tree = descendantsOf(cairn).reduce((sum, pid) => sum + (pssOf(pid) ?? 0), own)
			peakPss = Math.max(peakPss, own)
			peakPssTree = Math.max(peakPssTree, tree)
		}
		const sampler = setInterval(sample, 20)
		child.on("error", reject)
		child.on("close", (code) => {
			clearInterval(sampler)
			const end = performance.now()
			const timeLine = /^TIME (\d+) ([\d.]+) ([\d.]+)$/m.exec(stderr)
			if (timeLine === null) return reject(new Error(`no /usr/bin/time line in:\n${stderr}`))
			resolve({
				code,
				stderr,
				startedAt,
				wallS: (end - startedAt) / 1000,
				maxRss: Number(timeLine[1]) * 1024,
				cpuS: Number(timeLine[2]) + Number(timeLine[3]),
				peakPss,
				peakPssTree,
			})
		})
	})
}

/** A live process's children, from each of its threads' `children` file. */
function childrenOf(pid) {
	try {
		return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
			readFileSync(`/proc/${pid}/task/${thread}/children`, "utf8")
				.split(" ")
				.filter(Boolean)
				.map(Number),
		)
	} catch {
		return []
	}
}

function descendantsOf(pid) {
	return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)])
}

function fail(message) {
	console.error(`cli-start bench: ${message}`)
	process.exit(1)
}
