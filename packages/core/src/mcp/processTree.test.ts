import { spawn } from "node:child_process"
import { describe, expect, it } from "vitest"
import { processGone } from "../test-support/processGone.js"
import { endProcesses, isAlive, processTree } from "./processTree.js"

/** A shell whose child is a node process that ignores SIGTERM (a server that will not stop). */
function stubbornTree() {
	const script = "process.on('SIGTERM', () => {}); console.log(process.pid); setInterval(() => {}, 1000)"
	const shell = spawn("sh", ["-c", `node -e "${script}"; echo after`], {
		stdio: ["ignore", "pipe", "inherit"],
	})
	const grandchild = new Promise<number>((resolve) =>
		shell.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim()))),
	)
	return { shell, grandchild }
}

describe("process trees", () => {
	it("finds the grandchildren of a process", async () => {
		const { shell, grandchild } = stubbornTree()
		const pid = await grandchild
		const tree = await processTree(shell.pid as number)
		expect(tree).toEqual(expect.arrayContaining([shell.pid, pid]))
		await endProcesses(tree, 100)
	})

	it("ends a whole tree, SIGKILLing what ignores SIGTERM", async () => {
		const { shell, grandchild } = stubbornTree()
		const pid = await grandchild
		await endProcesses(await processTree(shell.pid as number), 100)
		expect(isAlive(pid)).toBe(false)
		expect(isAlive(shell.pid as number)).toBe(false)
		await processGone(pid)
	})
})
