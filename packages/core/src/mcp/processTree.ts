import { execFile } from "node:child_process"
import { readFileSync } from "node:fs"

/**
 * `pid` and every process below it. A server started through `npx` or a shell runs as a
 * grandchild: ending only the direct child would leave it running. Found with `ps`, which Linux
 * and macOS both have; where it fails only `pid` itself is known.
 */
export function processTree(pid: number): Promise<number[]> {
	return new Promise((resolve) => {
		execFile("ps", ["-A", "-o", "pid=,ppid="], (error, stdout) => {
			if (error) return resolve([pid])
			const children = new Map<number, number[]>()
			for (const line of stdout.split("\n")) {
				const [child, parent] = line.trim().split(/\s+/).map(Number)
				if (child === undefined || parent === undefined || Number.isNaN(child)) continue
				children.set(parent, [...(children.get(parent) ?? []), child])
			}
			const tree = [pid]
			for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] as number) ?? []))
			resolve(tree)
		})
	})
}

/** Whether the process still runs: a zombie (exited, not yet reaped by its parent) does not. */
export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
	} catch {
		// ESRCH: gone. EPERM: the pid was reused by someone else's process, not ours to wait for.
		return false
	}
	return !isZombie(pid)
}

// A container's init may never reap the orphans it inherits; their zombies have ended all the same.
function isZombie(pid: number): boolean {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
		return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")
	} catch {
		// No /proc (macOS) or already gone.
		return false
	}
}

const pollMs = 20

async function allGone(pids: readonly number[], withinMs: number): Promise<boolean> {
	const deadline = Date.now() + withinMs
	for (;;) {
		if (!pids.some(isAlive)) return true
		if (Date.now() >= deadline) return false
		await new Promise((resolve) => setTimeout(resolve, pollMs))
	}
}

// Deepest first: a parent still alive reaps its children at once, leaving no zombie behind.
const signal = (pids: readonly number[], name: NodeJS.Signals) => {
	for (const pid of [...pids].reverse()) {
		try {
			process.kill(pid, name)
		} catch {
			// Already gone.
		}
	}
}

/**
 * Ends the processes: they get `graceMs` to exit on their own (their stdin was closed), then
 * SIGTERM and `graceMs` more, then SIGKILL. Resolves once none is left (SIGKILL cannot be
 * refused; the ceiling only guards against a process stuck in the kernel).
 */
export async function endProcesses(pids: readonly number[], graceMs: number): Promise<void> {
	if (await allGone(pids, graceMs)) return
	signal(pids, "SIGTERM")
	if (await allGone(pids, graceMs)) return
	signal(pids, "SIGKILL")
	await allGone(pids, 10_000)
}
