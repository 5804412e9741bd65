// The processes a benchmark run is made of, shared by loop.mjs and loopCli.mjs: the scripted model
// server (its binary, on a scenario file), the measured process under a subreaper (which waits for
// every process it leaves behind, so their CPU is counted), and the sampling of their memory.
import { execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { descendantsOf, procStat, pssOf } from "./processTree.mjs"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const subreaper = path.join(repoRoot, "packages/cli/test/support/subreaper.py")

/** Processes started and not yet seen to exit; a benchmark's global timeout kills them. */
export const running = new Set()

/** The interpreter itself, not a version manager's shim, whose own helpers would join the tree. */
const python = () =>
	execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim()

/**
 * Starts the model server binary on the scenario (written into `dir`); resolves with the server
 * (stop it with `kill`, then await `closed`), what it prints, and its base URL.
 */
export async function startModelServer(modelServerBin, scenario, dir, timeoutMs) {
	const scenarioFile = path.join(dir, "scenario.json")
	fs.writeFileSync(scenarioFile, JSON.stringify(scenario))
	const server = track(
		spawn(
			process.execPath,
			[modelServerBin, "--scenario", scenarioFile, "--port", "0", "--lifetime-ms", String(timeoutMs)],
			{ stdio: ["ignore", "pipe", "pipe"] },
		),
	)
	const out = collect(server)
	const url = await firstLine(server, out, "the model server")
	return { server, out, url }
}

/** The chat requests the server answered and their body bytes, from what it printed at its end. */
export function servedBy(out) {
	const served = /(\d+) chat request\(s\) of (\d+) body bytes/.exec(out.stderr)
	const counted = /(\d+) input tokens; (\d+) answered by side turns/.exec(out.stderr)
	return {
		served: served ? Number(served[1]) : -1,
		requestBytes: served ? Number(served[2]) : -1,
		inputTokens: counted ? Number(counted[1]) : undefined,
		summaryRequests: counted ? Number(counted[2]) : 0,
	}
}

/**
 * Runs `node nodeArgs` under the subreaper, which writes `report` (the whole tree's CPU and what
 * outlived the process) once every descendant has been waited for; samples its memory meanwhile.
 * Resolves with its exit code, what it printed and the peak PSS of it and of its tree.
 */
export async function runUnderSubreaper(report, nodeArgs, { cwd, env } = {}) {
	const child = track(
		spawn(python(), [subreaper, report, process.execPath, ...nodeArgs], {
			cwd,
			env,
			// A session of its own: what it starts stays in it unless it asks otherwise.
			stdio: ["ignore", "pipe", "pipe"],
			detached: true,
		}),
	)
	const out = collect(child)
	child.stderr.on("data", (chunk) => process.stderr.write(chunk))
	const watch = watchTree(child.pid)
	const code = await child.closed
	watch.stop()
	return {
		code,
		out,
		peakPssBytes: watch.peakPss,
		peakTreePssBytes: watch.peakTreePss,
		agentCpuMs: watch.agentCpuMs,
		reaped: JSON.parse(fs.readFileSync(report, "utf8")),
	}
}

/**
 * Samples the agent's process (the subreaper's child) and its descendants every 50 ms: peak PSS
 * of the agent and of the whole tree, and the agent's own CPU (without its descendants') at the
 * last sample, at most 50 ms before it exited.
 */
function watchTree(reaperPid) {
	const watch = { peakPss: 0, peakTreePss: 0, agentCpuMs: undefined }
	let agentPid
	const sample = () => {
		const tree = descendantsOf(reaperPid)
		// The subreaper's Node child is the agent; orphans handed to it later are other programs.
		agentPid ??= tree.find((p) => p.ppid === reaperPid && p.command === "node")?.pid
		const own = agentPid === undefined ? undefined : pssOf(agentPid)
		if (own === undefined) return
		watch.agentCpuMs = procStat(agentPid)?.ownCpuMs ?? watch.agentCpuMs
		watch.peakPss = Math.max(watch.peakPss, own)
		watch.peakTreePss = Math.max(
			watch.peakTreePss,
			tree.reduce((total, p) => total + (pssOf(p.pid) ?? 0), 0),
		)
	}
	sample()
	const timer = setInterval(sample, 50)
	watch.stop = () => clearInterval(timer)
	return watch
}

/** Registers a spawned process; `closed` resolves (to the exit code or signal) once its output is all read. */
function track(child) {
	running.add(child)
	child.closed = new Promise((resolve) =>
		child.once("close", (code, signal) => {
			running.delete(child)
			resolve(code ?? signal)
		}),
	)
	return child
}

function collect(child) {
	const out = { stdout: "", stderr: "" }
	child.stdout?.setEncoding("utf8").on("data", (chunk) => (out.stdout += chunk))
	child.stderr?.setEncoding("utf8").on("data", (chunk) => (out.stderr += chunk))
	return out
}

/** Resolves with the first line `child` prints; fails if it exits first. */
function firstLine(child, out, what) {
	return new Promise((resolve, reject) => {
		const onExit = (code) =>
			reject(new Error(`${what} exited (code ${code}) before listening:\n${out.stderr}`))
		const onData = () => {
			const at = out.stdout.indexOf("\n")
			if (at === -1) return
			child.stdout.off("data", onData)
			child.off("close", onExit)
			resolve(out.stdout.slice(0, at).trim())
		}
		child.stdout.on("data", onData)
		child.once("close", onExit)
	})
}
