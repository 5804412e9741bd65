import { execFile } from "node:child_process"
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterEach, describe, expect, it } from "vitest"

const waiting = fileURLToPath(new URL("apt-get-waiting.sh", import.meta.url))
const lockHeld = "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)"

let dir: string | undefined
afterEach(async () => {
	if (dir !== undefined) await rm(dir, { recursive: true, force: true })
	dir = undefined
})

/**
 * Runs `apt_get ARGS` with an apt-get of our own first on PATH: it records each call's arguments,
 * and its first `lockedCalls` calls fail as apt-get does while another one holds the lock.
 */
async function aptGet(
	options: { lockedCalls: number; failure?: string; timeout?: number },
	...args: string[]
) {
	dir = await mkdtemp(path.join(os.tmpdir(), "cairn-apt-"))
	const calls = path.join(dir, "calls")
	await writeFile(calls, "")
	await writeFile(
		path.join(dir, "apt-get"),
		[
			"#!/usr/bin/env bash",
			`echo "$*" >> ${JSON.stringify(calls)}`,
			`if [ "$(wc -l < ${JSON.stringify(calls)})" -le ${options.lockedCalls} ]; then`,
			`\techo ${JSON.stringify(options.failure ?? lockHeld)} >&2; exit 100`,
			"fi",
			"echo Reading package lists...",
		].join("\n"),
	)
	await chmod(path.join(dir, "apt-get"), 0o755)
	const run = await promisify(execFile)(
		"bash",
		["-c", `source ${JSON.stringify(waiting)}; apt_get "$@"`, "bash", ...args],
		{
			// HOME of its own: bash reads ~/.bashrc when its stdin is a socket, as Node's pipes are.
			env: {
				HOME: dir,
				PATH: `${dir}:${process.env.PATH ?? ""}`,
				...(options.timeout !== undefined && { CAIRN_APT_LOCK_TIMEOUT: String(options.timeout) }),
			},
		},
	).then(
		({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
		(error: { code: number; stdout: string; stderr: string }) => error,
	)
	const recorded = (await readFile(calls, "utf8")).split("\n").filter((line) => line !== "")
	return { ...run, calls: recorded }
}

// apt_get pauses 2 s between tries: two tries and a loaded machine need more than vitest's 5 s.
describe("apt_get, while another apt-get holds apt's lock", { timeout: 60_000 }, () => {
	it("waits for it, saying so once, then runs", async () => {
		const run = await aptGet({ lockedCalls: 2 }, "update", "-qq")
		expect(run.code).toBe(0)
		expect(run.stdout).toBe(
			"apt-get: another apt-get holds apt's lock; waiting for it to finish (at most 600 s)\nReading package lists...\n",
		)
		expect(run.calls).toHaveLength(3)
		expect(run.calls).toEqual(Array(3).fill("-o DPkg::Lock::Timeout=0 update -qq"))
	})

	it("gives up once the bounded wait is over, with apt's message and its own", async () => {
		const run = await aptGet({ lockedCalls: 1000, timeout: 0 }, "update")
		expect(run.code).toBe(1)
		expect(run.calls).toEqual(["-o DPkg::Lock::Timeout=0 update"])
		expect(run.stderr).toBe(
			`${lockHeld}\napt-get: another apt-get still held apt's lock after 0 s; try again once it is done\n`,
		)
	})

	it("fails at once on any other error, with apt's message", async () => {
		const failure = "E: Unable to locate package nope"
		const run = await aptGet({ lockedCalls: 1, failure }, "install", "nope")
		expect(run.code).toBe(1)
		expect(run.calls).toHaveLength(1)
		expect(run.stderr).toBe(`${failure}\n`)
	})
})
