import { readdir, readFile } from "node:fs/promises"

/** How many git processes this process started are alive now (read from Linux's /proc). */
export async function childGits(): Promise<number> {
	let count = 0
	for (const entry of await readdir("/proc")) {
		if (!/^\d+$/.test(entry)) continue
		const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "")
		// "pid (comm) state ppid ...": the name may hold spaces, so fields start after its ")".
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
		if (stat.includes(" (git) ") && Number(fields[1]) === process.pid) count++
	}
	return count
}
