import { readFileSync } from "node:fs"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import type { CommandExit } from "../Host.js"
import { runShellCommand } from "./shellCommand.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-shell-")
})
afterAll(() => temp.remove())

const fast = { killGraceMs: 300, closeGraceMs: 300 }

async function run(
	command: string,
	options: { timeoutMs?: number; env?: Record<string, string>; asAnalysed?: boolean } = {},
	settings: { shell?: string } = {},
): Promise<{ output: string; chunks: string[]; exit: CommandExit }> {
	const chunks: string[] = []
	const running = runShellCommand(
		command,
		{ cwd: temp.dir, onOutput: (c) => chunks.push(c), ...options },
		{ ...fast, ...settings },
	)
	const exit = await running.done
	return { output: chunks.join(""), chunks, exit }
}

/**
 * ESRCH from signal 0 means the process is gone. A zombie (dead, waiting for init to collect its
 * exit status; some container inits collect slowly) has ended too.
 */
function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
	} catch (error) {
		expect((error as NodeJS.ErrnoException).code).toBe("ESRCH")
		return false
	}
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
		return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z"
	} catch {
		return false
	}
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
	const end = Date.now() + ms
	while (!(await check())) {
		if (Date.now() > end) throw new Error("timed out waiting")
		await new Promise((r) => setTimeout(r, 20))
	}
}

describe("runShellCommand", () => {
	it("captures the output of an instant command", async () => {
		const { output, exit } = await run("echo hello")
		expect(output).toBe("hello\n")
		expect(exit).toEqual({ exitCode: 0, signal: undefined, timedOut: false })
	})

	it("captures output of many instant commands in a row (none is lost)", async () => {
		const results = await Promise.all(Array.from({ length: 20 }, (_, i) => run(`printf 'n%s' ${i}`)))
		expect(results.map((r) => r.output)).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`))
	})

	it("reports exit codes without rejecting", async () => {
		expect((await run("exit 3")).exit.exitCode).toBe(3)
		expect((await run("false")).exit.exitCode).toBe(1)
		const missing = await run("definitely-not-a-command-xyz")
		expect(missing.exit.exitCode).toBe(127)
		expect(missing.output).toMatch(/not found/)
	})

	it("interleaves stdout and stderr exactly as they were written", async () => {
		const { output } = await run("for i in 1 2 3 4 5 6 7 8 9 10; do echo out$i; echo err$i >&2; done")
		const expected = Array.from({ length: 10 }, (_, i) => `out${i + 1}\nerr${i + 1}\n`).join("")
		expect(output).toBe(expected)
	})

	it("runs a line no person approved with bash, as the analyser read it, whatever the person's shell", async () => {
		const asTyped = await run('echo "[$BASH_VERSION]"', {}, { shell: "/bin/sh" })
		expect(asTyped.output).toBe("[]\n")
		const analysed = await run('echo "[$BASH_VERSION]"', { asAnalysed: true }, { shell: "/bin/sh" })
		expect(analysed.output).toMatch(/^\[\d+\.\d+/)
	})

	it("runs in the given folder with the given environment", async () => {
		const { output } = await run('pwd; echo "$CAIRN_TEST_VAR"', { env: { CAIRN_TEST_VAR: "yes" } })
		expect(output).toBe(`${temp.dir}\nyes\n`)
	})

	it("closes stdin so a command that reads input does not hang", async () => {
		const { output, exit } = await run('read answer; echo "got:[$answer]"; cat')
		expect(output).toBe("got:[]\n")
		expect(exit.exitCode).toBe(0)
	})

	it("delivers 5 MB of output completely", async () => {
		const { output, exit } = await run("head -c 5000000 /dev/zero | tr '\\0' 'a'; echo; echo end")
		expect(exit.exitCode).toBe(0)
		expect(output.length).toBe(5_000_000 + "\nend\n".length)
		expect(output.endsWith("a\nend\n")).toBe(true)
	})

	it("decodes multibyte characters split across chunks, and marks invalid bytes", async () => {
		const { output, chunks } = await run("printf '\\342\\202'; sleep 0.2; printf '\\254 ok \\377\\n'")
		expect(chunks.length).toBeGreaterThanOrEqual(1)
		expect(output).toBe("€ ok \uFFFD\n")
	})

	it("kills a long command and every process it started", async () => {
		const pidFile = path.join(temp.dir, "pids")
		const chunks: string[] = []
		const running = runShellCommand(
			`sleep 100 & echo $! > ${pidFile}; sleep 100 & echo $! >> ${pidFile}; echo started; wait`,
			{ cwd: temp.dir, onOutput: (c) => chunks.push(c) },
			fast,
		)
		await waitUntil(() => chunks.join("").includes("started"))
		const pids = (await readFile(pidFile, "utf8")).trim().split("\n").map(Number)
		expect(pids).toHaveLength(2)
		expect(pids.every(isAlive)).toBe(true)

		running.kill()
		const exit = await running.done
		expect(exit.timedOut).toBe(false)
		expect(exit.exitCode).toBeUndefined()
		expect(exit.signal).toBe("SIGTERM")
		await waitUntil(() => pids.every((pid) => !isAlive(pid)))
	})

	it("kills the whole tree of `sh -c 'sleep 100 & sleep 100'`", async () => {
		// An unusual duration so the ps scan below finds only this test's sleepers.
		const running = runShellCommand(
			"sh -c 'sleep 100.4242 & sleep 100.4242'",
			{ cwd: temp.dir, onOutput: () => undefined },
			fast,
		)
		const { execFileSync } = await import("node:child_process")
		const sleepers = () =>
			execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
				.split("\n")
				.filter((line) => /\bsleep 100\.4242$/.test(line.trim()))
				.map((line) => Number(line.trim().split(/\s+/)[0]))
		// On a loaded machine the shell may take a while to start both sleepers.
		await waitUntil(() => sleepers().length >= 2, 15_000)
		const before = sleepers()
		running.kill()
		await running.done
		await waitUntil(() => before.every((pid) => !isAlive(pid)))
	})

	it("escalates to SIGKILL when the command ignores SIGTERM", async () => {
		const chunks: string[] = []
		const running = runShellCommand(
			"trap '' TERM; echo ready; while true; do sleep 0.05; done",
			{ cwd: temp.dir, onOutput: (c) => chunks.push(c) },
			fast,
		)
		await waitUntil(() => chunks.join("").includes("ready"))
		const started = Date.now()
		running.kill()
		const exit = await running.done
		expect(exit.signal).toBe("SIGKILL")
		expect(Date.now() - started).toBeLessThan(2000)
	})

	it("times out a command that never ends and says so", async () => {
		const started = Date.now()
		const { output, exit } = await run("echo before; sleep 100; echo after", { timeoutMs: 300 })
		expect(exit).toMatchObject({ timedOut: true, exitCode: undefined, signal: "SIGTERM" })
		expect(output).toBe("before\n")
		expect(Date.now() - started).toBeLessThan(3000)
	})

	it("finishes when the shell exits even if a background job keeps the pipe open", async () => {
		const started = Date.now()
		const chunks: string[] = []
		const running = runShellCommand(
			"sleep 30 & echo spawned",
			{ cwd: temp.dir, onOutput: (c) => chunks.push(c) },
			fast,
		)
		const exit = await running.done
		expect(exit.exitCode).toBe(0)
		expect(chunks.join("")).toBe("spawned\n")
		expect(Date.now() - started).toBeLessThan(3000)
		running.kill()
	})

	it("reports a working folder that does not exist instead of throwing", async () => {
		const chunks: string[] = []
		const running = runShellCommand("echo hi", {
			cwd: path.join(temp.dir, "nope"),
			onOutput: (c) => chunks.push(c),
		})
		const exit = await running.done
		expect(exit.exitCode).toBe(127)
		expect(chunks.join("")).toMatch(/does not exist/)
	})
})
