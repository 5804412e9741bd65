// Checkpoint cost per turn (issue 37 items 2 and 4): what a turn's checkpoint adds between a tool's
// approval and its effect, and what checkpoints write to disk against what the task leaves there.
// Each turn is what the loop benchmark's turns are: the turn's guard (TaskCheckpoints.forTurn, the
// checkpoint the Task awaits before a change) and then the change, one new small file. Runs in a
// small workspace and in a 20,000-file one; each measured run is a fresh child process. Storage
// written is counted in one more run per workspace under strace (every write by the child and each
// process it starts: the process launcher, each git), summing the bytes written to files under the
// shadow repository's folder while the turns ran. Prints medians of --repeat runs and the load.
//
// With --kind command, each turn's change is a command's: its guard names no file (a command may
// touch any), so the checkpoint is taken from the files before the command starts.
//
//   npm run build -w @cairn/core && node bench/checkpoint-turns.mjs [--turns 100] [--large 20000] [--repeat 3] [--kind edit|command]
//
// It runs the BUILT core. Not a test.
import { execFileSync, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { median } from "./statistics.mjs"

const { values: args } = parseArgs({
	options: {
		child: { type: "string" },
		turns: { type: "string", default: "100" },
		large: { type: "string", default: "20000" },
		repeat: { type: "string", default: "3" },
		kind: { type: "string", default: "edit" },
	},
	strict: true,
})
const core = new URL("../packages/core/dist/", import.meta.url)
if (!fs.existsSync(new URL("index.js", core))) {
	console.error(
		"checkpoint-turns bench: packages/core/dist is missing; run `npm run build -w @cairn/core` first.",
	)
	process.exit(2)
}
const turns = Number.parseInt(args.turns, 10)
const resultPrefix = "BENCH-RESULT "

if (args.child !== undefined) await child(Number.parseInt(args.child, 10))
else await parent()

async function parent() {
	const repeat = Number.parseInt(args.repeat, 10)
	const large = Number.parseInt(args.large, 10)
	const sizes = large > 0 ? [0, large] : [0]
	const results = new Map(sizes.map((size) => [size, []]))
	const written = new Map()
	const started = new Map()
	const loads = [os.loadavg()[0]]
	const childArgs = (size) => [
		fileURLToPath(import.meta.url),
		"--child",
		String(size),
		"--turns",
		String(turns),
		"--kind",
		args.kind,
	]
	// Alternating runs, so a change in the machine's load falls on both.
	for (let run = 0; run < repeat; run++)
		for (const size of sizes) {
			results.get(size).push(runChild(process.execPath, childArgs(size)))
			loads.push(os.loadavg()[0])
		}
	for (const size of sizes) {
		const trace = path.join(os.tmpdir(), `cairn-checkpoint-turns-${process.pid}-${size}.strace`)
		try {
			const traced = runChild("strace", [
				"-f",
				"-qq",
				"-s",
				"0",
				"-y",
				"-e",
				"trace=write,pwrite64,writev,execve",
				"-o",
				trace,
				process.execPath,
				...childArgs(size),
			])
			written.set(size, bytesWrittenUnder(trace, traced))
			started.set(size, processesStarted(trace, traced))
		} finally {
			fs.rmSync(trace, { force: true })
		}
	}
	const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`
	const ms = (value) => `${value.toFixed(1)} ms`
	console.log(
		`${turns} turns, each a checkpoint then one new file (${args.kind === "command" ? "a command's: the guard names no file" : "an edit's: the guard names its file"}); medians of ${repeat} runs; load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
	)
	console.log("")
	console.log(
		"| workspace | approval to effect, median turn | p90 turn | CPU per turn (with every process started) | processes started per turn | storage written by checkpoints | task leaves on disk: its files + what the shadow repository grew | written / left | target |",
	)
	console.log("|---|---|---|---|---|---|---|---|---|")
	for (const size of sizes) {
		const runs = results.get(size)
		const pick = (f) => median(runs.map(f))
		const files = pick((r) => r.taskFilesBytes)
		const shadow = pick((r) => r.shadowGrowthBytes)
		const target = size === 0 ? "<= 10 ms; <= 3x" : "<= 50 ms; <= 3x"
		console.log(
			`| ${size === 0 ? "small (the task's files only)" : `${size.toLocaleString("en-US")} files`} | ${ms(pick((r) => r.medianMs))} | ${ms(pick((r) => r.p90Ms))} | ${ms(pick((r) => r.cpuPerTurnMs))} | ${started.get(size)} | ${kb(written.get(size))} | ${kb(files + shadow)} (${kb(files)} + ${kb(shadow)}) | ${(written.get(size) / (files + shadow)).toFixed(2)}x | ${target} |`,
		)
	}
	console.log("")
	console.log("Per run, approval to effect (median turn):")
	for (const size of sizes)
		console.log(
			`  ${size} files: ${results
				.get(size)
				.map((r) => ms(r.medianMs))
				.join(", ")}`,
		)
}

function runChild(command, commandArgs) {
	const done = spawnSync(command, commandArgs, {
		encoding: "utf8",
		stdio: ["ignore", "pipe", "inherit"],
		maxBuffer: 64 * 1024 * 1024,
	})
	const line = done.stdout.split("\n").find((l) => l.startsWith(resultPrefix))
	if (done.status !== 0 || line === undefined) throw new Error(`${command} ${commandArgs.join(" ")} failed`)
	return JSON.parse(line.slice(resultPrefix.length))
}

/** Bytes strace saw written to files in the run's shadow repository between its turns' marks. */
function bytesWrittenUnder(trace, run) {
	let counting = false
	let total = 0
	for (const line of fs.readFileSync(trace, "utf8").split("\n")) {
		const match = /^\d+\s+(?:write|pwrite64|writev)\(\d+<([^>]*)>.*\)\s+=\s+(\d+)$/.exec(line)
		if (match === null) continue
		if (match[1] === run.marks.start) counting = true
		else if (match[1] === run.marks.end) counting = false
		else if (counting && match[1].startsWith(run.shadowFolder)) total += Number(match[2])
	}
	return total
}

/** Processes started between the turns' marks, by program, per turn. */
function processesStarted(trace, run) {
	let counting = false
	const programs = new Map()
	for (const line of fs.readFileSync(trace, "utf8").split("\n")) {
		const mark = /^\d+\s+write\(\d+<([^>]*)>/.exec(line)
		if (mark?.[1] === run.marks.start) counting = true
		else if (mark?.[1] === run.marks.end) counting = false
		// A started program's execve may be split over two lines (another process wrote between); a failed one (PATH search) says so.
		const exec = /^\d+\s+execve\("([^"]+)"/.exec(line)
		if (counting && exec !== null && !/=\s+-1\s+E/.test(line)) {
			const program = path.basename(exec[1])
			programs.set(program, (programs.get(program) ?? 0) + 1)
		}
	}
	return [...programs].map(([program, count]) => `${program} ${(count / turns).toFixed(2)}`).join(", ")
}

/** One measured run: a workspace of `size` files (committed to a person's repository), then the turns. */
async function child(size) {
	const { CheckpointStore, processLauncher } = await import(new URL("index.js", core).href)
	const { TaskCheckpoints } = await import(new URL("checkpoints/taskCheckpoints.js", core).href)
	const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cairn-checkpoint-turns-")))
	try {
		const root = path.join(dir, "workspace")
		const storageDir = path.join(dir, "storage")
		fs.mkdirSync(root, { recursive: true })
		generate(root, size)
		const quiet = { debug() {}, info() {}, warn() {}, error() {} }
		const store = await CheckpointStore.open({
			workspaceRoot: root,
			storageDir,
			sizeLimitBytes: 5 * 1024 * 1024,
			logger: quiet,
		})
		const rows = {
			reserve: () => 0,
			saved() {},
			unavailable: (reason) => {
				throw new Error(`checkpoints turned off: ${reason}`)
			},
		}
		const checkpoints = new TaskCheckpoints({
			taskId: "bench",
			store: async () => store,
			enabled: () => true,
			historyPoint: () => ({ apiMessages: 0 }),
			rows,
			logger: quiet,
		})
		// The first checkpoint of a large workspace is slow (all its files): the task starts with it.
		checkpoints.taskStarted()
		await checkpoints.settled()
		// Ended and waited for, so its CPU (the first checkpoint's gits) is counted before the turns.
		await processLauncher.dispose()
		const cpuAtStart = cpuSeconds()
		const shadowFolder = path.join(storageDir, "checkpoints")
		const shadowAtStart = folderBytes(shadowFolder)
		const marks = { start: path.join(dir, "turns-start"), end: path.join(dir, "turns-end") }
		fs.writeFileSync(marks.start, "x")
		const samples = []
		let taskFilesBytes = 0
		for (let turn = 0; turn < turns; turn++) {
			const beforeChange = checkpoints.forTurn()
			const content = `// file ${turn}\n${"export const line = 1\n".repeat(4 + (turn % 7))}`
			const file = path.join(root, "files", `f${turn}.txt`)
			// Approval, then the tool's effect once the guard lets it through; an edit names its file.
			const approved = performance.now()
			await beforeChange(args.kind === "command" ? undefined : [file])
			fs.mkdirSync(path.join(root, "files"), { recursive: true })
			fs.writeFileSync(file, content)
			samples.push(performance.now() - approved)
			taskFilesBytes += Buffer.byteLength(content)
		}
		await checkpoints.settled()
		// As the CLI and the editor end: the trees still being packed are given to git, counted here.
		await store.close()
		await processLauncher.dispose()
		const cpuPerTurnMs = ((cpuSeconds() - cpuAtStart) * 1000) / turns
		fs.writeFileSync(marks.end, "x")
		const sorted = [...samples].sort((a, b) => a - b)
		const result = {
			medianMs: median(samples),
			p90Ms: sorted[Math.floor(sorted.length * 0.9)],
			cpuPerTurnMs,
			taskFilesBytes,
			shadowGrowthBytes: folderBytes(shadowFolder) - shadowAtStart,
			shadowFolder,
			marks,
		}
		console.log(resultPrefix + JSON.stringify(result))
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

/** `size` text files in nested folders and a person's repository holding them (none for 0). */
function generate(root, size) {
	if (size === 0) return
	for (let i = 0; i < size; i++) {
		const relative = `src/mod${i % 40}/part${Math.floor(i / 40) % 10}/file${i}.ts`
		fs.mkdirSync(path.join(root, path.dirname(relative)), { recursive: true })
		fs.writeFileSync(
			path.join(root, relative),
			`export const value${i} = ${i}\n// ${"x".repeat(150 + (i % 100))}\n`,
		)
	}
	const git = (...a) =>
		execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...a], { cwd: root })
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "the person's repository")
}

/** CPU seconds of this process and of every child it has waited for (the launcher, and through it each git). */
function cpuSeconds() {
	const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ")
	// utime, stime, cutime, cstime: fields 14-17 of the line, in clock ticks (100 a second here).
	return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100
}

function folderBytes(folder) {
	let total = 0
	for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true }))
		if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size
	return total
}
