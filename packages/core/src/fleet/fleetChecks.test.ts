import { existsSync } from "node:fs"
import { mkdir, readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { fleetChecks, type FleetChecks } from "./fleetChecks.js"

/** The processes whose command line holds `marker`: what is left of a check. */
async function processesWith(marker: string): Promise<number[]> {
	const found: number[] = []
	for (const entry of await readdir("/proc")) {
		if (!/^\d+$/.test(entry)) continue
		const command = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "")
		if (command.includes(marker)) found.push(Number(entry))
	}
	return found
}

/** Resolves once no process holds `marker` (a ceiling, not a sleep: the killed group's zombies are reaped soon). */
async function allGone(marker: string, timeoutMs = 20_000): Promise<number[]> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const left = await processesWith(marker)
		if (left.length === 0 || Date.now() > deadline) return left
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}

let temp: Awaited<ReturnType<typeof makeTempDir>>
let worktree: string
let checks: FleetChecks
beforeEach(async () => {
	temp = await makeTempDir("cairn-fleet-checks-")
	worktree = path.join(temp.dir, "worktree")
	await mkdir(worktree)
	checks = await fleetChecks({
		folder: temp.dir,
		storageDir: path.join(temp.dir, "home"),
		logger: recordingLogger(),
	})
})
afterEach(async () => {
	await checks.dispose()
	await temp.remove()
})

const refIn = (folder: string) => ({
	repository: folder,
	path: folder,
	branch: "cairn/t",
	baseCommit: "0".repeat(40),
	title: "t",
})

describe("a fleet task's checks", () => {
	it("stops a check past its timeout, killing its whole process group, and fails it 'timed out after Ns'; the next check still runs", async () => {
		// A sleep no other process has: the check's foreground and its background child both carry it.
		const marker = `86399.${process.pid}${Date.now() % 100_000}`
		const ran = await checks.run(refIn(worktree), [
			{ command: `sleep ${marker} & echo started > started.txt; sleep ${marker}`, timeout: 3 },
			{ command: "echo after", timeout: 60 },
		])
		expect(existsSync(path.join(worktree, "started.txt"))).toBe(true)
		expect(ran[0]).toMatchObject({ state: "failed", error: "timed out after 3s" })
		expect(ran[1]).toMatchObject({ state: "passed", tail: "after" })
		expect(ran[1]).not.toHaveProperty("error")
		expect(await allGone(marker)).toEqual([])
	})

	it("passes a check that ends within its time and fails one that exits non-zero, with no timeout said", async () => {
		const ran = await checks.run(refIn(worktree), [
			{ command: "echo fine", timeout: 60 },
			{ command: "echo broken; exit 3", timeout: 60 },
		])
		expect(ran).toMatchObject([
			{ command: "echo fine", state: "passed", tail: "fine" },
			{ command: "echo broken; exit 3", state: "failed", tail: "broken" },
		])
		expect(ran[1]).not.toHaveProperty("error")
	})
})
