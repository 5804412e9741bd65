// Loop benchmark: the whole agent (Controller, Task, NodeHost, core tools, OpenAI provider) driven
// headless through the protocol against the scripted model server, measuring what the "Budgets"
// section of DESIGN.md cares about: CPU per turn, memory, bytes to the client and to disk, and the
// delay from an approval click to the tool starting. Prints figures; it is not a test.
//
//   npm run build && node bench/loop.mjs [--turns 100,1000] [--approvals 50] [--timeout-sec 900]
//                                        [--checkpoints on|off] [--cpu-prof-dir dir] [--window tokens]
//                                        [--cli on|off|only] [--help]
//
// --window gives the model a context window of that many tokens (the server refuses a longer
// request, as OpenAI does, and answers the agent's summary requests): the long-task scenario, where
// the figures include the condensings and the total input tokens. --approvals 0 skips that run.
// Each N is also run through the bundled CLI (`npm run build -w @cairn/cli`; --cli off skips it,
// --cli only runs nothing else):
// the memory targets are the `cairn` process's, which loads and keeps more than the loop's child.
//
// It imports the BUILT packages (@cairn/core and @cairn/model-server resolve to their dist/ through
// the package exports when run by plain node). The parent process only orchestrates: every
// measured run is a fresh child Node process (so peak RSS is per run) and every model server is a
// separate process (so its CPU and memory are not counted).
import fs from "node:fs"
import { syncBuiltinESMExports } from "node:module"
import os from "node:os"
import path from "node:path"
import { constants as perfConstants, performance, PerformanceObserver } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8"
import { approvalScenario, longTaskSummary, loopScenario } from "./loopScenarios.mjs"
import { running, runUnderSubreaper, servedBy, startModelServer } from "./benchProcesses.mjs"
import { runThroughCli } from "./loopCli.mjs"
import { descendantsCpu } from "./processTree.mjs"

const thisFile = fileURLToPath(import.meta.url)
const repoRoot = path.resolve(path.dirname(thisFile), "..")
const resultPrefix = "BENCH-RESULT "
/** Temp folders of the runs in progress, removed on the way out whatever happens. */
const tempDirs = new Set()

/** Targets from the issue, next to which the figures are printed. */
const targets = {
	cpuPerTurnMs: 5,
	growthRatio: 11,
	writtenOverFolder: 3,
	rssMbAtSmallest: 150,
	pssMbAtSmallest: 90,
	approvalMs: 5,
	/** Peak PSS of the `cairn` process by task length (turns), default settings. */
	cliPssMb: { 100: 90, 1000: 150 },
}

const { values: args } = parseOr({
	options: {
		child: { type: "string" },
		turns: { type: "string", default: "100,1000" },
		approvals: { type: "string", default: "50" },
		"timeout-sec": { type: "string", default: "900" },
		"click-delay-ms": { type: "string", default: "10" },
		"base-url": { type: "string" },
		dir: { type: "string" },
		"cpu-prof-dir": { type: "string" },
		checkpoints: { type: "string", default: "on" },
		window: { type: "string" },
		cli: { type: "string", default: "on" },
		help: { type: "boolean", short: "h" },
	},
	strict: true,
})

/** parseArgs, with a wrong option said in a line (and where the usage is) rather than a stack. */
function parseOr(config) {
	try {
		return parseArgs(config)
	} catch (error) {
		fail(`${error.message} (node bench/loop.mjs --help for the options)`)
	}
}

// The usage is this file's opening comment, printed as it stands so the two cannot drift apart.
if (args.help) {
	const source = fs.readFileSync(fileURLToPath(import.meta.url), "utf8")
	const opening = source.slice(0, source.indexOf("\nimport "))
	console.log(opening.replace(/^\/\/ ?/gm, ""))
	process.exit(0)
}

// What the CLI ships (packages/cli/src/youngGeneration.ts), set the way it sets it: without it this
// measures a young generation of 32 MB the product never grows to. Given on the command line
// instead, Node 20 still grew it to 32 MB (checked with v8.getHeapSpaceStatistics()).
if (args.child !== undefined) setFlagsFromString("--semi-space-growth-factor=1")

const childFailed = (error) => fail(`the ${args.child} run failed: ${error?.stack ?? error}`)
if (args.child === "loop") await childLoop().catch(childFailed)
else if (args.child === "approvals") await childApprovals().catch(childFailed)
else if (args.child !== undefined) fail(`unknown --child ${args.child}`)
else await parent().catch((error) => fail(error?.stack ?? String(error)))

// ---------------------------------------------------------------------------------------------
// Parent: checks the build, starts model servers and children, prints the table.
// ---------------------------------------------------------------------------------------------

async function parent() {
	const turnCounts = args.turns.split(",").map((s) => positiveInt(s.trim(), "--turns"))
	const approvals = args.approvals === "0" ? 0 : positiveInt(args.approvals, "--approvals")
	const window = args.window === undefined ? undefined : positiveInt(args.window, "--window")
	const timeoutMs = positiveInt(args["timeout-sec"], "--timeout-sec") * 1000
	if (args.checkpoints !== "on" && args.checkpoints !== "off")
		fail(`--checkpoints: expected on or off, got "${args.checkpoints}"`)
	const modelServerBin = checkBuild()
	if (!["on", "off", "only"].includes(args.cli)) fail(`--cli: expected on, off or only, got "${args.cli}"`)
	// The CLI has no setting for a model's window or for checkpoints: it runs with its defaults.
	const cliSkipped =
		args.cli === "off"
			? "--cli off"
			: window !== undefined
				? "--window (the CLI cannot be given the model's window)"
				: args.checkpoints === "off"
					? "--checkpoints off (the CLI runs with its defaults, checkpoints on)"
					: undefined
	const cliBin = cliSkipped === undefined ? checkCliBuild() : undefined
	if (args.cli === "only" && cliBin === undefined) fail(`--cli only: the CLI cannot run with ${cliSkipped}`)
	const inProcess = args.cli !== "only"

	const timer = setTimeout(() => {
		console.error(
			`\nloop bench: TIMEOUT after ${timeoutMs / 1000} s (--timeout-sec); killing ${running.size} process(es).`,
		)
		stopEverything()
		process.exit(2)
	}, timeoutMs)
	timer.unref()

	const cpus = os.cpus()
	console.log(
		`Cairn loop benchmark: node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} CPU(s) (${cpus[0]?.model.trim() ?? "?"})`,
	)
	console.log(
		"The model server runs in its own process; each run is a fresh child process (figures are the child's).",
	)
	console.log(`Checkpoints ${args.checkpoints} (--checkpoints).`)
	console.log(
		window === undefined
			? "No context window (--window): nothing is condensed.\n"
			: `A context window of ${window.toLocaleString("en-US")} tokens (--window): the model server refuses longer requests and answers summary requests.\n`,
	)
	const { summarizationMarker } = window === undefined ? {} : await import("@cairn/core")
	const withWindow = (turns) =>
		window === undefined
			? turns
			: {
					turns,
					contextWindow: window,
					sideTurns: [
						{ when: { systemIncludes: summarizationMarker }, turn: { text: longTaskSummary } },
					],
				}

	const loops = []
	for (const turns of inProcess ? turnCounts : []) {
		process.stderr.write(`loop bench: running N=${turns} ...\n`)
		loops.push(
			await runChild(
				modelServerBin,
				"loop",
				withWindow(loopScenario(turns)),
				{ turns, checkpoints: args.checkpoints, ...(window === undefined ? {} : { window }) },
				timeoutMs,
			),
		)
	}
	let approval
	if (approvals > 0 && inProcess) {
		process.stderr.write(`loop bench: running K=${approvals} manual approvals ...\n`)
		approval = await runChild(
			modelServerBin,
			"approvals",
			approvalScenario(approvals),
			{ turns: approvals, "click-delay-ms": args["click-delay-ms"], checkpoints: args.checkpoints },
			timeoutMs,
		)
	}
	const throughCli = []
	if (cliBin !== undefined)
		for (const turns of turnCounts) {
			process.stderr.write(`loop bench: running N=${turns} through the CLI ...\n`)
			throughCli.push(
				await inTempDir((dir) =>
					runThroughCli({
						cliBin,
						modelServerBin,
						scenario: loopScenario(turns),
						turns,
						dir,
						timeoutMs,
					}),
				),
			)
		}
	clearTimeout(timer)
	if (inProcess) printReport(loops, approval)
	if (cliBin === undefined) console.log(`\nNot run through the CLI: ${cliSkipped}.`)
	else printCliReport(throughCli)
}

/** Runs `run(dir)` in a fresh temp folder, removed afterwards (or by the timeout). */
async function inTempDir(run) {
	const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cairn-bench-")))
	tempDirs.add(dir)
	try {
		return await run(dir)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
		tempDirs.delete(dir)
	}
}

/** Fails with a clear message unless the packages are built; warns when src is newer than dist. */
function checkBuild() {
	const needed = ["packages/types", "packages/core", "packages/model-server"]
	const missing = needed.filter((pkg) => !fs.existsSync(path.join(repoRoot, pkg, "dist", "index.js")))
	const bin = path.join(repoRoot, "packages/model-server/dist/bin.js")
	if (!fs.existsSync(bin)) missing.push("packages/model-server (dist/bin.js)")
	if (missing.length > 0)
		fail(
			`the built packages are missing (${missing.join(", ")}). This benchmark runs the BUILT ` +
				"@cairn/core and @cairn/model-server (their dist/): run `npm run build` first.",
		)
	for (const pkg of needed) {
		const built = fs.statSync(path.join(repoRoot, pkg, "dist", "index.js")).mtimeMs
		const newest = newestMtime(path.join(repoRoot, pkg, "src"))
		if (newest > built + 1000)
			console.error(`loop bench: warning: ${pkg}/src is newer than its dist/; run \`npm run build\`.`)
	}
	return bin
}

/** The bundled CLI; it bundles the packages from their sources, so it is stale once they change. */
function checkCliBuild() {
	const bin = path.join(repoRoot, "packages/cli/dist/cairn.js")
	if (!fs.existsSync(bin))
		fail("packages/cli/dist/cairn.js is missing: run `npm run build -w @cairn/cli` (or pass --cli off).")
	const built = fs.statSync(bin).mtimeMs
	for (const pkg of ["packages/types", "packages/core", "packages/cli"])
		if (newestMtime(path.join(repoRoot, pkg, "src")) > built + 1000)
			console.error(
				`loop bench: warning: ${pkg}/src is newer than the CLI's bundle; run \`npm run build -w @cairn/cli\`.`,
			)
	return bin
}

function newestMtime(dir) {
	let newest = 0
	for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
		if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.includes(".test.")) continue
		newest = Math.max(newest, fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs)
	}
	return newest
}

/**
 * Writes the scenario, starts the model server binary on it, runs one child against it and
 * returns the child's result (plus the number of requests the server answered).
 */
function runChild(modelServerBin, kind, scenario, childArgs, timeoutMs) {
	return inTempDir(async (dir) => {
		const {
			server,
			out: serverOut,
			url,
		} = await startModelServer(modelServerBin, scenario, dir, timeoutMs)
		const flags = Object.entries(childArgs).flatMap(([k, v]) => [`--${k}`, String(v)])
		const profile = args["cpu-prof-dir"]
			? ["--cpu-prof", "--cpu-prof-dir", path.resolve(args["cpu-prof-dir"])]
			: []
		const run = await runUnderSubreaper(path.join(dir, "subreaper.json"), [
			"--expose-gc",
			...profile,
			thisFile,
			"--child",
			kind,
			"--base-url",
			`${url}/v1`,
			"--dir",
			dir,
			...flags,
		])
		const { code, reaped } = run
		const line = run.out.stdout.split("\n").find((l) => l.startsWith(resultPrefix))
		if (code !== 0 || line === undefined)
			fail(`the ${kind} run (${JSON.stringify(childArgs)}) failed with exit code ${code}`)
		const result = JSON.parse(line.slice(resultPrefix.length))
		server.kill("SIGTERM")
		await server.closed
		return {
			...result,
			peakPssBytes: run.peakPssBytes,
			peakTreePssBytes: run.peakTreePssBytes,
			// From the window's start to the last descendant's end, less the agent's own CPU after
			// the window (its report, dispose and exit are not the task's; what its children still
			// spend is).
			treeCpuMs: reaped.treeCpuMs - result.treeCpuBeforeMs - result.ownCpuAfterMs,
			// A zombie bubblewrap left unreaped has ended: only what still ran counts.
			orphans: reaped.orphans.filter((orphan) => orphan.running),
			...servedBy(serverOut),
		}
	})
}

/** Kills the processes still running and removes the temp folders (retrying while a dying child writes). */
function stopEverything() {
	for (const child of running) child.kill("SIGKILL")
	for (const dir of tempDirs)
		fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function printReport(loops, approval) {
	const mark = (ok) => (ok ? "PASS" : "MISS")
	const columns = loops.map((r) => `N=${r.turns.toLocaleString("en-US")}`)
	const rows = []
	const row = (label, cells, target = "", verdict = "") => rows.push([label, ...cells, target, verdict])

	row(
		"chat requests served",
		loops.map((r) => String(r.served)),
		"= N+1 + summaries",
		mark(loops.every((r) => r.served === r.turns + 1 + r.summaryRequests)),
	)
	if (loops.some((r) => r.inputTokens !== undefined)) {
		row(
			"condensings",
			loops.map(
				(r) => `${r.condensings}${r.condenseErrors > 0 ? ` (+${r.condenseErrors} failed)` : ""}`,
			),
		)
		row(
			"  summary requests",
			loops.map((r) => String(r.summaryRequests)),
		)
		row(
			"  truncations",
			loops.map((r) => String(r.truncations)),
		)
		row(
			"total input tokens",
			loops.map((r) => r.inputTokens?.toLocaleString("en-US") ?? "-"),
		)
	}
	row(
		"request bytes per task",
		loops.map((r) => bytes(r.requestBytes)),
	)
	row(
		"wall time",
		loops.map((r) => `${(r.wallMs / 1000).toFixed(2)} s`),
	)
	row(
		"CPU user+sys",
		loops.map((r) => `${(r.cpuMs / 1000).toFixed(2)} s`),
	)
	row(
		"  of which system (kernel)",
		loops.map((r) => `${(r.systemCpuMs / 1000).toFixed(2)} s`),
	)
	const cpuPerTurn = loops.map((r) => r.cpuMs / r.turns)
	row(
		"CPU per turn (agent process)",
		cpuPerTurn.map((ms) => `${ms.toFixed(2)} ms`),
	)
	// Counted by the subreaper (see runChild); the agent's own count of its descendants, taken
	// after dispose(), shows what escaped it: CPU spent after that by processes still running, and
	// the agent's exit.
	row(
		"CPU of its descendants",
		loops.map((r) => `${((r.treeCpuMs - r.cpuMs) / 1000).toFixed(2)} s`),
	)
	row(
		"  of which after its dispose()",
		loops.map((r) => `${((r.treeCpuMs - r.cpuMs - r.descendantsCpuMs) / 1000).toFixed(2)} s`),
	)
	row(
		"CPU with every descendant",
		loops.map((r) => `${(r.treeCpuMs / 1000).toFixed(2)} s`),
	)
	row(
		"  per turn",
		loops.map((r) => `${(r.treeCpuMs / r.turns).toFixed(2)} ms`),
		`< ${targets.cpuPerTurnMs} ms`,
		mark(loops.every((r) => r.treeCpuMs / r.turns < targets.cpuPerTurnMs)),
	)
	row(
		"descendants alive at its exit",
		loops.map((r) => String(r.orphans.length)),
		"0",
		mark(loops.every((r) => r.orphans.length === 0)),
	)
	row(
		"peak PSS (agent process)",
		loops.map((r) => `${mb(r.peakPssBytes)} MB`),
		`<= ${targets.pssMbAtSmallest} MB at N=${loops[0].turns}`,
		mark(loops[0].peakPssBytes / 2 ** 20 <= targets.pssMbAtSmallest),
	)
	row(
		"peak PSS with descendants",
		loops.map((r) => `${mb(r.peakTreePssBytes)} MB`),
	)
	row(
		"peak RSS",
		loops.map((r) => `${mb(r.maxRssBytes)} MB`),
		`< ${targets.rssMbAtSmallest} MB at N=${loops[0].turns}`,
		mark(loops[0].maxRssBytes / 2 ** 20 < targets.rssMbAtSmallest),
	)
	row(
		"V8 heap after GC, at the end",
		loops.map((r) => `${mb(r.heapAfterGcBytes)} MB`),
	)
	row(
		"V8 young generation, at the end",
		loops.map((r) => `${mb(r.youngGenerationBytes)} MB`),
	)
	row(
		"client messages",
		loops.map((r) => r.clientMessages.toLocaleString("en-US")),
	)
	row(
		"client bytes",
		loops.map((r) => bytes(r.clientBytes)),
	)
	row(
		"disk bytes written",
		loops.map((r) => bytes(r.diskWritten)),
	)
	row(
		"fsyncs (files and folders)",
		loops.map((r) => r.fsyncs.toLocaleString("en-US")),
	)
	row(
		"task folder, final size",
		loops.map((r) => bytes(r.taskFolderBytes)),
	)
	const overFolder = loops.map((r) => r.diskWritten / r.taskFolderBytes)
	row(
		"written / task folder",
		overFolder.map((x) => `${x.toFixed(2)}x`),
		`<= ${targets.writtenOverFolder}x`,
		mark(overFolder.every((x) => x <= targets.writtenOverFolder)),
	)
	row(
		"checkpoint objects written by cairn",
		loops.map((r) => bytes(r.shadowWritten)),
	)
	row(
		"checkpoint repository, final size",
		loops.map((r) => bytes(r.shadowFinalBytes)),
	)
	printTable(["", ...columns, "target", ""], rows)

	if (loops.length >= 2) {
		const [small, large] = [loops[0], loops.at(-1)]
		const allowed = (targets.growthRatio * large.turns) / (small.turns * 10)
		console.log(
			`\nGrowth, N=${large.turns.toLocaleString("en-US")} over N=${small.turns.toLocaleString("en-US")} (linear = ${large.turns / small.turns}x):`,
		)
		const growth = [
			["client bytes", large.clientBytes / small.clientBytes],
			["disk bytes written", large.diskWritten / small.diskWritten],
			["CPU", large.cpuMs / small.cpuMs],
			["checkpoint objects written", large.shadowWritten / small.shadowWritten],
			["wall time", large.wallMs / small.wallMs],
		]
		printTable(
			["", "ratio", "target", ""],
			growth.map(([label, ratio], i) =>
				i < 2
					? [label, `${ratio.toFixed(2)}x`, `<= ${allowed}x`, mark(ratio <= allowed)]
					: [label, `${ratio.toFixed(2)}x`, "(for information)", ""],
			),
		)
	}

	if (approval !== undefined) printApprovals(approval)

	console.log("\nChecks:")
	for (const r of approval === undefined ? loops : [...loops, approval]) {
		const name = r.kind === "loop" ? `N=${r.turns.toLocaleString("en-US")}` : `K=${r.turns} approvals`
		for (const p of r.liveAtEnd ?? [])
			console.log(
				`  ${name}: process ${p.pid} (${p.command}) was still running after the agent's dispose()`,
			)
		for (const p of r.orphans)
			console.log(
				`  ${name}: process ${p.pid} (${p.command || "?"}) outlived the agent (the subreaper waited for it)`,
			)
		const uncovered = r.writeCoverage.filter((f) => f.written < f.size)
		console.log(
			`  ${name}: server answered ${r.served}/${r.turns + 1 + (r.summaryRequests ?? 0)} requests; ${r.workspaceFiles} workspace file(s) made; ` +
				`counted writes cover ${r.writeCoverage.length - uncovered.length}/${r.writeCoverage.length} storage files (git's under checkpoints/ left out) ` +
				`(${bytes(r.storageWrittenTotal)} counted since start >= ${bytes(r.storageFinalBytes)} on disk: ${r.storageWrittenTotal >= r.storageFinalBytes ? "yes" : "NO"})` +
				(uncovered.length > 0
					? `; NOT covered: ${uncovered.map((f) => `${f.file} (${f.written} < ${f.size})`).join(", ")}`
					: ""),
		)
	}

	const largest = loops.at(-1)
	console.log(
		`\nGarbage collection pauses of the main thread during the N=${largest.turns.toLocaleString("en-US")} run:`,
	)
	printTable(
		["kind", "pauses", "ms", "ms per turn"],
		largest.gcByKind.map(({ kind, count, ms }) => [
			kind,
			count.toLocaleString("en-US"),
			ms.toFixed(1),
			(ms / largest.turns).toFixed(3),
		]),
	)
	console.log(`\nClient messages during the N=${largest.turns.toLocaleString("en-US")} run, by kind:`)
	printTable(
		["kind", "messages", "per turn"],
		largest.clientMessagesByKind.map(([kind, count]) => [
			kind,
			count.toLocaleString("en-US"),
			(count / largest.turns).toFixed(2),
		]),
	)
	console.log(
		`\nDisk bytes written during the N=${largest.turns.toLocaleString("en-US")} run, by file (temp files of atomic writes counted as their target):`,
	)
	printTable(
		["file", "written", "writes", "final size", "written/final"],
		largest.writtenByFile.map((f) => [
			f.file,
			bytes(f.bytes),
			f.writes.toLocaleString("en-US"),
			f.size === undefined ? "-" : bytes(f.size),
			f.size ? `${(f.bytes / f.size).toFixed(2)}x` : "-",
		]),
	)
}

/** The same tasks through the bundled `cairn` (see loopCli.mjs): the figures a person's run has. */
function printCliReport(runs) {
	const mark = (ok) => (ok ? "PASS" : "MISS")
	const pssTarget = (r) => targets.cliPssMb[r.turns]
	const rows = [
		[
			"chat requests served",
			...runs.map((r) => String(r.served)),
			"= N+1",
			mark(runs.every((r) => r.served === r.turns + 1)),
		],
		["wall time", ...runs.map((r) => `${(r.wallMs / 1000).toFixed(2)} s`), "", ""],
		["load (1 min) at its end", ...runs.map((r) => r.load.toFixed(1)), "", ""],
		["CPU with every descendant", ...runs.map((r) => `${(r.treeCpuMs / 1000).toFixed(2)} s`), "", ""],
		[
			"  per turn, start-up included",
			...runs.map((r) => `${(r.treeCpuMs / r.turns).toFixed(2)} ms`),
			"",
			"",
		],
		[
			"CPU of cairn alone (sampled)",
			...runs.map((r) => (r.ownCpuMs === undefined ? "-" : `${(r.ownCpuMs / 1000).toFixed(2)} s`)),
			"",
			"",
		],
		[
			"  per turn, start-up included",
			...runs.map((r) => (r.ownCpuMs === undefined ? "-" : `${(r.ownCpuMs / r.turns).toFixed(2)} ms`)),
			"",
			"",
		],
		[
			"peak PSS, cairn",
			...runs.map((r) => `${mb(r.peakPssBytes)} MB`),
			runs
				.filter((r) => pssTarget(r) !== undefined)
				.map((r) => `<= ${pssTarget(r)} MB at N=${r.turns.toLocaleString("en-US")}`)
				.join(", "),
			mark(runs.every((r) => pssTarget(r) === undefined || r.peakPssBytes / 2 ** 20 <= pssTarget(r))),
		],
		["peak PSS with descendants", ...runs.map((r) => `${mb(r.peakTreePssBytes)} MB`), "", ""],
		[
			"descendants alive at its exit",
			...runs.map((r) => String(r.orphans.length)),
			"0",
			mark(runs.every((r) => r.orphans.length === 0)),
		],
	]
	console.log(
		"\nThe same tasks through the CLI (packages/cli/dist/cairn.js -y, default settings, checkpoints on):",
	)
	printTable(["", ...runs.map((r) => `N=${r.turns.toLocaleString("en-US")}`), "target", ""], rows)
}

function printApprovals(approval) {
	const mark = (ok) => (ok ? "PASS" : "MISS")
	const samples = approval.samplesMs
	const median = percentile(samples, 0.5)
	const p95 = percentile(samples, 0.95)
	console.log(
		`\nApproval click -> tool starts: K=${samples.length} execute_command "echo x", manual approval,`,
	)
	console.log(
		`a click ${approval.clickDelayMs} ms after each command ask is shown (t0: before handleWebviewMessage(askResponse), t1: host.runCommand entered)`,
	)
	printTable(
		["", "ms", "target", ""],
		[
			["median", median.toFixed(3), `< ${targets.approvalMs} ms`, mark(median < targets.approvalMs)],
			["p95", p95.toFixed(3), `< ${targets.approvalMs} ms`, mark(p95 < targets.approvalMs)],
			["max", Math.max(...samples).toFixed(3), "", ""],
		],
	)
}

function printTable(header, rows) {
	const all = [header, ...rows]
	const widths = header.map((_, c) => Math.max(...all.map((r) => String(r[c] ?? "").length)))
	for (const r of all) {
		const cells = r.map((cell, c) =>
			c === 0 ? String(cell).padEnd(widths[c]) : String(cell ?? "").padStart(widths[c]),
		)
		console.log(`  ${cells.join("   ")}`.trimEnd())
	}
}

/** Nearest-rank percentile. */
function percentile(values, p) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]
}

function mb(n) {
	return (n / 2 ** 20).toFixed(1)
}

function bytes(n) {
	if (n >= 2 ** 20) return `${(n / 2 ** 20).toFixed(2)} MB`
	if (n >= 2 ** 10) return `${(n / 2 ** 10).toFixed(1)} KB`
	return `${n} B`
}

// ---------------------------------------------------------------------------------------------
// Children: one measured run each. They print one result line on stdout.
// ---------------------------------------------------------------------------------------------

/**
 * Counts the bytes written to files under `root` through node:fs/promises: `open` (to know which
 * handle is which file), FileHandle write/writev/writeFile/appendFile, and fs.promises.writeFile /
 * appendFile; fs.writeSync to an open FileHandle's descriptor or one from fs.openSync, and
 * fs.writeFileSync; also the fsyncs (FileHandle sync/datasync) of files and folders under `root`. Must run before @cairn/core is imported; syncBuiltinESMExports makes ESM named
 * imports (`import { open } from "node:fs/promises"`) see the wrappers.
 */
async function installWriteCounter(root) {
	const prefix = root + path.sep
	const counter = { total: 0, syncs: 0, byFile: new Map(), shadowRepositories: 0 }
	const handlePaths = new WeakMap()
	/** Descriptors of the FileHandles open now, for writeSync(handle.fd, ...). */
	const fdPaths = new Map()
	const promises = fs.promises

	const pathOf = (target) => {
		if (typeof target === "object" && target !== null && handlePaths.has(target))
			return handlePaths.get(target)
		if (target instanceof URL) return fileURLToPath(target)
		if (typeof target === "string" || Buffer.isBuffer(target)) return path.resolve(String(target))
		return undefined
	}
	const count = (file, n) => {
		if (file === undefined || !file.startsWith(prefix) || !(n > 0)) return
		const key = storageKey(path.relative(root, file))
		if (inShadowRepository(key)) {
			counter.shadowRepositories += n
			return
		}
		counter.total += n
		const entry = counter.byFile.get(key) ?? { bytes: 0, writes: 0 }
		entry.bytes += n
		entry.writes++
		counter.byFile.set(key, entry)
	}
	const dataBytes = (data, options) => {
		if (typeof data === "string")
			return Buffer.byteLength(
				data,
				typeof options === "string" ? options : (options?.encoding ?? "utf8"),
			)
		if (ArrayBuffer.isView(data)) return data.byteLength
		throw new Error("loop bench: a write of a stream or iterable cannot be counted; extend the counter")
	}

	const open = promises.open
	promises.open = async function (file, ...rest) {
		const handle = await open.call(this, file, ...rest)
		handlePaths.set(handle, pathOf(file))
		fdPaths.set(handle.fd, pathOf(file))
		return handle
	}
	const probe = await open(path.join(os.tmpdir(), `cairn-bench-probe-${process.pid}`), "w")
	const proto = Object.getPrototypeOf(probe)
	await probe.close()
	fs.rmSync(path.join(os.tmpdir(), `cairn-bench-probe-${process.pid}`), { force: true })

	const { write, writev, writeFile, appendFile, sync, datasync, close } = proto
	proto.close = async function () {
		if (fdPaths.get(this.fd) === handlePaths.get(this)) fdPaths.delete(this.fd)
		return close.call(this)
	}
	const isStored = (handle) => handlePaths.get(handle)?.startsWith(prefix) === true
	proto.sync = async function () {
		await sync.call(this)
		if (isStored(this)) counter.syncs++
	}
	proto.datasync = async function () {
		await datasync.call(this)
		if (isStored(this)) counter.syncs++
	}
	proto.write = async function (...rest) {
		const result = await write.apply(this, rest)
		count(handlePaths.get(this), result.bytesWritten)
		return result
	}
	proto.writev = async function (...rest) {
		const result = await writev.apply(this, rest)
		count(handlePaths.get(this), result.bytesWritten)
		return result
	}
	proto.writeFile = async function (data, options) {
		await writeFile.call(this, data, options)
		count(handlePaths.get(this), dataBytes(data, options))
	}
	proto.appendFile = async function (data, options) {
		await appendFile.call(this, data, options)
		count(handlePaths.get(this), dataBytes(data, options))
	}
	const pWriteFile = promises.writeFile
	const pAppendFile = promises.appendFile
	promises.writeFile = async (file, data, options) => {
		await pWriteFile(file, data, options)
		count(pathOf(file), dataBytes(data, options))
	}
	promises.appendFile = async (file, data, options) => {
		await pAppendFile(file, data, options)
		count(pathOf(file), dataBytes(data, options))
	}
	const { writeSync, writeFileSync, openSync, closeSync } = fs
	// Descriptors opened synchronously too: the checkpoints' pack of trees is appended through one.
	fs.openSync = function (file, ...rest) {
		const fd = openSync.call(this, file, ...rest)
		fdPaths.set(fd, pathOf(file))
		return fd
	}
	fs.closeSync = function (fd) {
		fdPaths.delete(fd)
		return closeSync.call(this, fd)
	}
	fs.writeSync = function (fd, ...rest) {
		const written = writeSync.call(this, fd, ...rest)
		count(fdPaths.get(fd), written)
		return written
	}
	fs.writeFileSync = function (file, data, options) {
		writeFileSync.call(this, file, data, options)
		if (typeof file !== "number") count(pathOf(file), dataBytes(data, options))
	}
	syncBuiltinESMExports()
	return counter
}

/**
 * Checkpoints' shadow repositories: written by git, a child process the counter cannot see, and
 * (a checkpoint's commit and the bytes it read, since session 44, and its trees, packed beside the
 * git folder in `trees-*` files since session 45) by Cairn itself. Reported apart from the task's
 * storage, so that its figures compare with earlier ones.
 */
function inShadowRepository(file) {
	return /^checkpoints\/[0-9a-f]+\/(git\/|trees-)/.test(file)
}

/**
 * Names a storage file for the report: the temp file of an atomic write ("[.]name.<hex>.tmp") and
 * a task folder being created (".new-<id>-<hex>") count as their targets, task ids become <task>.
 */
function storageKey(relative) {
	return relative
		.split(path.sep)
		.map((part) =>
			part
				.replace(/^\.?(.+)\.[0-9a-f]{8,12}\.tmp$/, "$1")
				.replace(/^\.new-(.+)-[0-9a-f]{8}$/, "$1")
				.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "<task>"),
		)
		.join("/")
}

/** Every file under `dir`, as [path relative to it, size]. */
function filesUnder(dir) {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir, { withFileTypes: true, recursive: true })
		.filter((e) => e.isFile())
		.map((e) => {
			const file = path.join(e.parentPath ?? e.path, e.name)
			return [path.relative(dir, file), fs.statSync(file).size]
		})
}

/**
 * Sets up a whole agent in `--dir` (workspace and storage side by side) against `--base-url`,
 * with the write counter installed before @cairn/core loads.
 */
async function startAgent(settings) {
	const dir = args.dir ?? fail("--dir is required")
	const baseUrl = args["base-url"] ?? fail("--base-url is required")
	const workspace = path.join(dir, "workspace")
	const storage = path.join(dir, "storage")
	fs.mkdirSync(workspace)
	const counter = await installWriteCounter(storage)
	const { NodeHost, startController } = await import("@cairn/core")
	const host = new NodeHost({ workspaceRoot: workspace, storageDir: storage })
	const controller = await startController({ host, version: "bench" })
	const window = args.window === undefined ? undefined : positiveInt(args.window, "--window")
	await controller.settingsStore.update({
		provider:
			window === undefined
				? { provider: "openai", modelId: "gpt-4.1", baseUrl }
				: {
						provider: "openai",
						modelId: "bench-model",
						baseUrl,
						modelInfo: { contextWindow: window, maxOutputTokens: 4_000 },
					},
		requestRetries: 0,
		enableCheckpoints: args.checkpoints === "on",
		...settings,
	})
	await controller.settingsStore.setApiKey("openai", "bench-key")
	return { controller, host, counter, workspace, storage }
}

/**
 * A client that counts what it receives and settles `done` at the final completion_result ask;
 * an error, a failed request or the mistake limit fail the run at once.
 */
function countingClient(onMessage = () => {}) {
	const client = { messages: 0, bytes: 0, taskId: undefined, byKind: new Map() }
	let finish
	let abort
	client.done = new Promise((resolve, reject) => {
		finish = resolve
		abort = reject
	})
	client.receive = (message) => {
		client.messages++
		client.bytes += JSON.stringify(message).length
		const kind = messageKind(message)
		client.byKind.set(kind, (client.byKind.get(kind) ?? 0) + 1)
		if (message.type === "state") client.taskId = message.state.currentTaskId ?? client.taskId
		if (message.type === "error") abort(new Error(`the client got an error: ${message.error}`))
		if (message.type !== "messageUpdated" || message.message.partial === true) return
		const m = message.message
		if (m.type === "ask" && m.ask === "completion_result") finish()
		if (m.type === "ask" && (m.ask === "api_req_failed" || m.ask === "mistake_limit_reached"))
			abort(new Error(`the task stopped at a ${m.ask} ask: ${m.text}`))
		onMessage(m)
	}
	return client
}

/**
 * The main thread's garbage collection pauses from now until `stop()`: count and ms by kind (the
 * GC's helper threads' work is in the process's CPU, not here).
 */
function gcPauses() {
	const names = {
		[perfConstants.NODE_PERFORMANCE_GC_MINOR]: "scavenge (young generation)",
		[perfConstants.NODE_PERFORMANCE_GC_MAJOR]: "mark-compact (whole heap)",
		[perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental marking step",
		[perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
	}
	const byKind = new Map()
	const tally = (entries) => {
		for (const entry of entries) {
			const kind = names[entry.detail?.kind] ?? `kind ${entry.detail?.kind}`
			const seen = byKind.get(kind) ?? { count: 0, ms: 0 }
			seen.count++
			seen.ms += entry.duration
			byKind.set(kind, seen)
		}
	}
	const observer = new PerformanceObserver((list) => tally(list.getEntries()))
	observer.observe({ entryTypes: ["gc"] })
	return {
		stop: () => {
			tally(observer.takeRecords())
			observer.disconnect()
			return [...byKind].map(([kind, { count, ms }]) => ({ kind, count, ms }))
		},
	}
}

/** What a client message is, for the tally by kind: its type, and for a row its ask or say and whether partial. */
function messageKind(message) {
	if (message.type !== "messageUpdated") return message.type
	const m = message.message
	return `messageUpdated ${m.type === "ask" ? `ask ${m.ask}` : `say ${m.say}`}${m.partial ? " (partial)" : ""}`
}

/** The loop run: N auto-approved write_to_file turns, measured from newTask to the completion. */
async function childLoop() {
	const turns = positiveInt(args.turns, "--turns")
	const agent = await startAgent({ autoApproval: { enabled: true, write: true, readOnly: true } })
	const { controller, host, counter } = agent
	const context = { condensings: 0, condenseErrors: 0, truncations: 0 }
	const client = countingClient((message) => {
		if (message.say === "condense_context" && message.contextCondense !== undefined) context.condensings++
		if (message.say === "condense_context_error") context.condenseErrors++
		if (message.say === "sliding_window_truncation") context.truncations++
	})
	controller.attach(client.receive)
	await controller.handleWebviewMessage({ type: "webviewDidLaunch" }, client.receive)

	const before = {
		messages: client.messages,
		byKind: new Map(client.byKind),
		bytes: client.bytes,
		disk: counter.total,
		syncs: counter.syncs,
		shadowRepositories: counter.shadowRepositories,
	}
	const diskByFileBefore = new Map([...counter.byFile].map(([k, v]) => [k, { ...v }]))
	const gc = gcPauses()
	const window = windowStart()
	const descendants0 = window.descendants
	const cpu0 = window.cpu
	const t0 = performance.now()
	await controller.handleWebviewMessage(
		{ type: "newTask", text: `Write ${turns} small files, one per turn.` },
		client.receive,
	)
	await client.done
	await controller.flush()
	const wallMs = performance.now() - t0
	const cpuEnd = process.cpuUsage()
	const cpu = process.cpuUsage(cpu0)
	const gcByKind = gc.stop()
	const taskId = controller.currentTask?.taskId
	// Measured while the task is still open (and after the CPU figure: a full GC is not the loop's).
	const heapAfterGcBytes = heapAfterGc()
	const youngGenerationBytes = getHeapSpaceStatistics().find(
		(space) => space.space_name === "new_space",
	)?.space_size
	await controller.dispose()
	await host.dispose()
	// After disposing: what the task started and is still finishing is counted too.
	const descendants1 = descendantsCpu()

	const writtenByFile = [...counter.byFile].map(([file, v]) => {
		const old = diskByFileBefore.get(file) ?? { bytes: 0, writes: 0 }
		return { file, bytes: v.bytes - old.bytes, writes: v.writes - old.writes }
	})
	report({
		kind: "loop",
		turns,
		wallMs,
		cpuMs: (cpu.user + cpu.system) / 1000,
		systemCpuMs: cpu.system / 1000,
		descendantsCpuMs: descendants1.ms - descendants0.ms,
		liveAtEnd: descendants1.live,
		treeCpuBeforeMs: window.treeCpuMs,
		ownCpuAfterMs: cpuMs(process.cpuUsage(cpuEnd)),
		maxRssBytes: process.resourceUsage().maxRSS * 1024,
		gcByKind,
		clientMessages: client.messages - before.messages,
		clientMessagesByKind: [...client.byKind]
			.map(([kind, count]) => [kind, count - (before.byKind.get(kind) ?? 0)])
			.filter(([, count]) => count > 0)
			.sort((a, b) => b[1] - a[1]),
		clientBytes: client.bytes - before.bytes,
		diskWritten: counter.total - before.disk,
		shadowWritten: counter.shadowRepositories - before.shadowRepositories,
		shadowFinalBytes: sum(filesUnder(path.join(agent.storage, "checkpoints")).map(([, size]) => size)),
		fsyncs: counter.syncs - before.syncs,
		heapAfterGcBytes,
		youngGenerationBytes,
		...context,
		taskFolderBytes: sum(filesUnder(path.join(agent.storage, "tasks", taskId)).map(([, size]) => size)),
		...storageSummary(agent, counter, writtenByFile),
	})
}

/** The approval run: K execute_command asks, each approved by a click; times click -> runCommand. */
async function childApprovals() {
	const count = positiveInt(args.turns, "--turns")
	const clickDelayMs = Number(args["click-delay-ms"])
	const agent = await startAgent({ autoApproval: { enabled: false } })
	const { controller, host, counter } = agent
	const samplesMs = []
	let clickedAt
	const runCommand = host.runCommand
	host.runCommand = function (...rest) {
		if (clickedAt !== undefined) samplesMs.push(performance.now() - clickedAt)
		clickedAt = undefined
		return runCommand.apply(this, rest)
	}
	const answered = new Set()
	const client = countingClient((message) => {
		if (message.type !== "ask" || message.ask !== "command" || answered.has(message.ts)) return
		answered.add(message.ts)
		// As a person would: a little after the ask is shown, never inside the broadcast itself.
		setTimeout(() => {
			clickedAt = performance.now()
			void controller.handleWebviewMessage(
				{ type: "askResponse", askResponse: "yesButtonClicked" },
				client.receive,
			)
		}, clickDelayMs)
	})
	controller.attach(client.receive)
	await controller.handleWebviewMessage({ type: "webviewDidLaunch" }, client.receive)
	const window = windowStart()
	await controller.handleWebviewMessage(
		{ type: "newTask", text: `Run echo ${count} times.` },
		client.receive,
	)
	await client.done
	await controller.flush()
	const cpuEnd = process.cpuUsage()
	await controller.dispose()
	await host.dispose()
	if (samplesMs.length !== count) fail(`expected ${count} approval samples, got ${samplesMs.length}`)
	report({
		kind: "approvals",
		liveAtEnd: descendantsCpu().live,
		treeCpuBeforeMs: window.treeCpuMs,
		ownCpuAfterMs: cpuMs(process.cpuUsage(cpuEnd)),
		turns: count,
		clickDelayMs,
		samplesMs,
		...storageSummary(agent, counter, []),
	})
}

/** What is on disk at the end, and whether the counted writes account for every stored byte. */
function storageSummary(agent, counter, writtenByFile) {
	const stored = filesUnder(agent.storage)
		.map(([file, size]) => ({ file: storageKey(file), size }))
		.filter((f) => !inShadowRepository(f.file))
	const sizes = new Map(stored.map((f) => [f.file, f.size]))
	return {
		workspaceFiles: filesUnder(agent.workspace).length,
		storageFinalBytes: sum(stored.map((f) => f.size)),
		storageWrittenTotal: counter.total,
		writeCoverage: stored.map((f) => ({ ...f, written: counter.byFile.get(f.file)?.bytes ?? 0 })),
		writtenByFile: writtenByFile
			.filter((f) => f.bytes > 0)
			.sort((a, b) => b.bytes - a.bytes)
			.map((f) => ({ ...f, size: sizes.get(f.file) })),
	}
}

/**
 * The CPU spent so far by this process and every descendant (running or waited for), at the
 * start of the measured window: the parent subtracts it from the subreaper's total.
 */
function windowStart() {
	const descendants = descendantsCpu()
	const cpu = process.cpuUsage()
	return { descendants, cpu, treeCpuMs: cpuMs(cpu) + descendants.ms }
}

function cpuMs(usage) {
	return (usage.user + usage.system) / 1000
}

/** V8 heap in use once garbage is collected: what the run retains (the child runs with --expose-gc). */
function heapAfterGc() {
	globalThis.gc?.()
	return process.memoryUsage().heapUsed
}

function report(result) {
	process.stdout.write(`${resultPrefix}${JSON.stringify(result)}\n`)
}

// ---------------------------------------------------------------------------------------------

function sum(values) {
	return values.reduce((a, b) => a + b, 0)
}

function positiveInt(text, flag) {
	const n = Number(text)
	if (!Number.isInteger(n) || n <= 0) fail(`${flag}: expected a positive integer, got "${text}"`)
	return n
}

function fail(message) {
	console.error(`loop bench: ${message}`)
	stopEverything()
	process.exit(1)
}
