// What a process and every process it started cost, read from /proc (Linux): the benches use it so
// that a helper process (a checkpoint launcher, a git) cannot hide CPU or memory from the figures.
//
// The kernel keeps, per process, its own CPU (utime + stime) and that of its children it has waited
// for (cutime + cstime, which include their own waited-for descendants). So the CPU of a tree so far
// is its root's four fields plus those of its descendants still running; a process that was not
// waited for (an orphan adopted by init) is lost from them, which is why loop.mjs runs the agent
// under a subreaper and takes the total from it.
import { execFileSync } from "node:child_process"
import fs from "node:fs"

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const ticksPerSecond = (() => {
	try {
		return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100
	} catch {
		return 100
	}
})()

/**
 * /proc/<pid>/stat of a live process: parent, session, start time (ticks since boot, to tell a
 * reused pid apart), its own CPU and that of its waited-for descendants, in ms; undefined once gone.
 */
export function procStat(pid) {
	let text
	try {
		text = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
	} catch {
		return undefined
	}
	// The command name is in parentheses and may itself hold spaces or parentheses.
	const close = text.lastIndexOf(")")
	const command = text.slice(text.indexOf("(") + 1, close)
	const fields = text.slice(close + 2).split(" ")
	const ms = (i) => (Number(fields[i]) * 1000) / ticksPerSecond
	// fields[0] is field 3 of proc(5): state, ppid, pgrp, session, ... utime is field 14.
	return {
		pid,
		command,
		state: fields[0],
		ppid: Number(fields[1]),
		session: Number(fields[3]),
		startTicks: Number(fields[19]),
		ownCpuMs: ms(11) + ms(12),
		waitedChildrenCpuMs: ms(13) + ms(14),
	}
}

/** Every live process, as procStat gives it. */
function allProcesses() {
	const stats = []
	for (const name of fs.readdirSync("/proc")) {
		if (!/^\d+$/.test(name)) continue
		const stat = procStat(Number(name))
		if (stat !== undefined) stats.push(stat)
	}
	return stats
}

/** The live descendants of `root` (not itself), found through their parents. */
export function descendantsOf(root, processes = allProcesses()) {
	const children = new Map()
	for (const p of processes) {
		const list = children.get(p.ppid) ?? []
		list.push(p)
		children.set(p.ppid, list)
	}
	const found = []
	const queue = [root]
	while (queue.length > 0) {
		for (const child of children.get(queue.shift()) ?? []) {
			found.push(child)
			queue.push(child.pid)
		}
	}
	return found
}

/** A process's CPU with everything it waited for: what it has cost so far, if it ends now. */
function totalCpuMs(stat) {
	return stat.ownCpuMs + stat.waitedChildrenCpuMs
}

/** Proportional set size of a live process, in bytes (shared pages divided among their users). */
export function pssOf(pid) {
	try {
		const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8")
		const kb = /^Pss:\s+(\d+) kB/m.exec(rollup)
		return kb ? Number(kb[1]) * 1024 : undefined
	} catch {
		return undefined
	}
}

/**
 * The CPU this process has spent on its descendants so far: what it reaped (children's fields of
 * its own stat) plus what its live descendants have spent; `live` lists those, for the parent to
 * follow any that outlive this process.
 */
export function descendantsCpu() {
	const self = procStat(process.pid)
	const live = descendantsOf(process.pid).map((p) => ({
		pid: p.pid,
		startTicks: p.startTicks,
		command: p.command,
		cpuMs: totalCpuMs(p),
	}))
	return { ms: self.waitedChildrenCpuMs + live.reduce((a, p) => a + p.cpuMs, 0), live }
}
