// Parallel tasks benchmark: N board tasks at once, each in a git worktree of its own, driven
// headless through the protocol against the scripted model server (each task plays its own
// script, whatever order the requests arrive in). It checks that every task completed and wrote
// exactly its own files in its own worktree, and prints the agent process's peak memory, so
// that the memory of each extra running task can be read off against the 40 MB budget.
//
//   npm run build && node bench/parallel-tasks.mjs [--tasks 1,8] [--turns 20] [--timeout-sec 600]
//
// It imports the BUILT packages (dist/). The parent runs the model server in its own process and
// samples the child's memory; every measured run is a fresh child Node process.
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { pssOf } from "./processTree.mjs"

const thisFile = fileURLToPath(import.meta.url)
const repoRoot = path.resolve(path.dirname(thisFile), "..")
const resultPrefix = "BENCH-RESULT "
const budgetPerExtraTaskMb = 40

const { values: args } = parseArgs({
	options: {
		child: { type: "boolean", default: false },
		tasks: { type: "string", default: "1,8" },
		turns: { type: "string", default: "20" },
		"timeout-sec": { type: "string", default: "600" },
		"base-url": { type: "string" },
		dir: { type: "string" },
	},
	strict: true,
})

const fail = (message) => {
	console.error(`parallel-tasks bench: ${message}`)
	process.exit(1)
}
const positiveInt = (text, flag) => {
	const value = Number(text)
	if (!Number.isInteger(value) || value < 1) fail(`${flag}: expected a positive integer, got "${text}"`)
	return value
}

/** The task's first message: how the model server tells the tasks apart. */
const taskText = (k) => `Parallel task ${k}: write its files.`
const fileOf = (k, i) => `files/t${k}-${i}.txt`
const contentOf = (k, i) =>
	`Task ${k}, file ${i}.\n${"The quick brown fox jumps over the lazy dog.\n".repeat(4)}`

/** Each task's own conversation: `turns` files written one per turn (arguments streamed in 5 chunks), then done. */
function script(k, turns) {
	return [
		...Array.from({ length: turns }, (_, i) => ({
			toolCalls: [
				{ name: "write_to_file", arguments: { path: fileOf(k, i), content: contentOf(k, i) } },
			],
			argumentChunks: 5,
			textChunks: 4,
			text: `Writing file ${i} of task ${k}.`,
		})),
		{
			toolCalls: [
				{ name: "attempt_completion", arguments: { result: `Task ${k} wrote ${turns} files.` } },
			],
		},
	]
}

if (args.child) await child().catch((error) => fail(`the agent run failed: ${error?.stack ?? error}`))
else await parent()

async function parent() {
	const counts = args.tasks.split(",").map((s) => positiveInt(s.trim(), "--tasks"))
	const turns = positiveInt(args.turns, "--turns")
	const timeoutMs = positiveInt(args["timeout-sec"], "--timeout-sec") * 1000
	for (const pkg of ["packages/types", "packages/core", "packages/model-server"])
		if (!fs.existsSync(path.join(repoRoot, pkg, "dist", "index.js")))
			fail(
				`${pkg}/dist is missing: run \`npm run build\` first (this benchmark runs the built packages).`,
			)
	const { startModelServer, concurrentConversations } = await import("@cairn/model-server")
	const results = []
	for (const tasks of counts) {
		const scripts = Object.fromEntries(
			Array.from({ length: tasks }, (_, k) => [taskText(k), script(k, turns)]),
		)
		const server = await startModelServer({
			sideTurns: concurrentConversations(scripts),
			lifetimeMs: timeoutMs,
		})
		try {
			results.push(await runChild(tasks, turns, server.openaiBaseURL, timeoutMs))
		} finally {
			await server.close()
		}
	}
	print(results)
}

async function runChild(tasks, turns, baseUrl, timeoutMs) {
	const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cairn-parallel-")))
	try {
		const started = spawn(
			process.execPath,
			[
				"--expose-gc",
				thisFile,
				"--child",
				"--tasks",
				String(tasks),
				"--turns",
				String(turns),
				"--base-url",
				baseUrl,
				"--dir",
				dir,
			],
			{ stdio: ["ignore", "pipe", "inherit"] },
		)
		let stdout = ""
		started.stdout.on("data", (chunk) => (stdout += chunk))
		let peakPss = 0
		// Sampled from outside, so the measuring costs the agent nothing.
		const sampler = setInterval(() => {
			peakPss = Math.max(peakPss, pssOf(started.pid) ?? 0)
		}, 25)
		const killer = setTimeout(() => started.kill("SIGKILL"), timeoutMs)
		const code = await new Promise((resolve) => started.on("close", resolve))
		clearInterval(sampler)
		clearTimeout(killer)
		const line = stdout.split("\n").find((l) => l.startsWith(resultPrefix))
		if (code !== 0 || line === undefined)
			fail(`the run with ${tasks} task(s) failed with exit code ${code}`)
		return { ...JSON.parse(line.slice(resultPrefix.length)), peakPss }
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

function print(results) {
	const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1)
	console.log(`\nParallel tasks (${args.turns} files per task, each task in its own worktree)`)
	console.log("tasks  all correct  wall s   CPU s   peak PSS MB  peak RSS MB  heap after GC MB")
	for (const r of results)
		console.log(
			`${String(r.tasks).padStart(5)}  ${(r.correct ? "yes" : "NO").padStart(11)}  ${(r.wallMs / 1000).toFixed(1).padStart(6)}  ${(r.cpuMs / 1000).toFixed(1).padStart(6)}  ${mb(r.peakPss).padStart(11)}  ${mb(r.maxRssBytes).padStart(11)}  ${mb(r.heapAfterGcBytes).padStart(16)}`,
		)
	const one = results.find((r) => r.tasks === 1)
	for (const r of results.filter((r) => r.tasks > 1 && one !== undefined)) {
		const perTask = (r.peakPss - one.peakPss) / (r.tasks - 1) / 1024 / 1024
		console.log(
			`memory per extra running task (${r.tasks} vs 1, peak PSS): ${perTask.toFixed(1)} MB ` +
				`(budget ${budgetPerExtraTaskMb} MB: ${perTask < budgetPerExtraTaskMb ? "met" : "MISS"})`,
		)
	}
	for (const r of results) if (!r.correct) console.log(`${r.tasks} tasks: ${r.problems.join("; ")}`)
}

// ---------------------------------------------------------------------------------------------
// Child: the agent, measured.
// ---------------------------------------------------------------------------------------------

async function child() {
	const tasks = positiveInt(args.tasks, "--tasks")
	const turns = positiveInt(args.turns, "--turns")
	const dir = args.dir ?? fail("--dir is required")
	const baseUrl = args["base-url"] ?? fail("--base-url is required")
	const workspace = path.join(dir, "workspace")
	const storage = path.join(dir, "storage")
	fs.mkdirSync(workspace)
	fs.writeFileSync(path.join(workspace, "README.md"), "The parallel tasks benchmark's repository.\n")
	const git = (...gitArgs) => {
		const result = spawnSync(
			"git",
			["-c", "user.name=bench", "-c", "user.email=bench@localhost", ...gitArgs],
			{
				cwd: workspace,
			},
		)
		if (result.status !== 0) fail(`git ${gitArgs.join(" ")}: ${result.stderr}`)
	}
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-qm", "first")

	const { NodeHost, startController } = await import("@cairn/core")
	const host = new NodeHost({ workspaceRoot: workspace, storageDir: storage })
	const controller = await startController({ host, version: "bench" })
	await controller.settingsStore.update({
		provider: { provider: "openai", modelId: "gpt-4.1", baseUrl },
		requestRetries: 0,
		maxConcurrentTasks: Math.min(tasks, 16),
		autoApproval: { enabled: true, write: true, readOnly: true },
	})
	await controller.settingsStore.setApiKey("openai", "bench-key")

	const cards = new Map()
	const errors = []
	let settle
	const allDone = new Promise((resolve) => (settle = resolve))
	const client = (message) => {
		if (message.type === "error") errors.push(message.error)
		if (message.type === "taskBoard") for (const card of message.cards) cards.set(card.taskId, card)
		if (message.type === "taskCardUpdated") cards.set(message.card.taskId, message.card)
		const finished = [...cards.values()].filter((card) =>
			["done", "failed", "interrupted"].includes(card.state),
		)
		if (finished.length === tasks || errors.length > 0) settle()
	}
	controller.attach(client)
	await controller.handleWebviewMessage({ type: "requestTaskBoard" }, client)

	const cpu0 = process.cpuUsage()
	const t0 = performance.now()
	for (let k = 0; k < tasks; k++)
		await controller.handleWebviewMessage(
			{ type: "startBoardTask", text: taskText(k), place: { kind: "worktree", name: `bench-${k}` } },
			client,
		)
	await allDone
	await controller.flush()
	const wallMs = performance.now() - t0
	const cpu = process.cpuUsage(cpu0)
	globalThis.gc?.()
	const heapAfterGcBytes = process.memoryUsage().heapUsed

	// Correct: every task is done, in its own worktree, with exactly its own files.
	const problems = [...errors]
	const byTitle = new Map([...cards.values()].map((card) => [card.title, card]))
	for (let k = 0; k < tasks; k++) {
		const card = byTitle.get(taskText(k))
		if (card === undefined) {
			problems.push(`task ${k} has no card`)
			continue
		}
		if (card.state !== "done")
			problems.push(`task ${k} is ${card.state}${card.error ? `: ${card.error}` : ""}`)
		const root = card.worktree?.path
		if (root === undefined) {
			problems.push(`task ${k} has no worktree`)
			continue
		}
		const written = fs.existsSync(path.join(root, "files"))
			? fs.readdirSync(path.join(root, "files")).sort()
			: []
		const expected = Array.from({ length: turns }, (_, i) => path.basename(fileOf(k, i))).sort()
		if (JSON.stringify(written) !== JSON.stringify(expected))
			problems.push(`task ${k}'s worktree has ${written.length} files, not its ${turns}`)
		for (let i = 0; i < turns; i++) {
			const file = path.join(root, fileOf(k, i))
			if (fs.existsSync(file) && fs.readFileSync(file, "utf8") !== contentOf(k, i))
				problems.push(`task ${k}'s ${fileOf(k, i)} has the wrong content`)
		}
	}
	if (fs.existsSync(path.join(workspace, "files"))) problems.push("a task wrote into the main work tree")

	await controller.dispose()
	await host.dispose()
	console.log(
		resultPrefix +
			JSON.stringify({
				tasks,
				correct: problems.length === 0,
				problems,
				wallMs,
				cpuMs: (cpu.user + cpu.system) / 1000,
				maxRssBytes: process.resourceUsage().maxRSS * 1024,
				heapAfterGcBytes,
			}),
	)
}
