import { spawn } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { runChecks, type CheckRunner } from "./runChecks.js"
import type { WorktreeRef } from "./worktreeRef.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let ref: WorktreeRef
beforeAll(async () => {
	temp = await makeTempDir("cairn-run-checks-")
	ref = { repository: temp.dir, path: temp.dir, branch: "cairn/t", baseCommit: "HEAD", title: "t" }
})
afterAll(async () => {
	await temp.remove()
})

/** The host's part, played by a real shell process. */
const shell: CheckRunner = (command, cwd, onOutput) => {
	const child = spawn("/bin/sh", ["-c", command], { cwd, stdio: ["ignore", "pipe", "pipe"] })
	child.stdout.on("data", (chunk: Buffer) => onOutput(chunk.toString("utf8")))
	child.stderr.on("data", (chunk: Buffer) => onOutput(chunk.toString("utf8")))
	return {
		done: new Promise((resolve) =>
			child.on("close", (code) => resolve({ exitCode: code ?? undefined, timedOut: false })),
		),
		kill: () => child.kill("SIGKILL"),
	}
}

describe("running a worktree's checks", () => {
	it("passes when the command exits 0, in the worktree, keeping the output's last lines without terminal codes", async () => {
		const checks = await runChecks(
			ref,
			'pwd; for i in $(seq 1 100); do printf "\\033[32mline %s\\033[0m\\n" $i; done',
			shell,
		)
		expect(checks.state).toBe("passed")
		expect(checks.command).toContain("pwd")
		const lines = checks.tail?.split("\n") ?? []
		expect(lines).toHaveLength(40)
		expect(lines.at(-1)).toBe("line 100")
		expect(checks.durationMs).toBeGreaterThanOrEqual(0)
	})

	it("fails when the command fails, with what it said", async () => {
		const checks = await runChecks(ref, "echo '1 test failed' >&2; exit 3", shell)
		expect(checks).toMatchObject({ state: "failed", tail: "1 test failed" })
	})

	it("fails, saying it was stopped, when the checks are cancelled", async () => {
		const cancel = new AbortController()
		const running = runChecks(
			ref,
			"echo started; exec sleep 600",
			(command, cwd, onOutput) => {
				const run = shell(command, cwd, (chunk) => {
					onOutput(chunk)
					cancel.abort()
				})
				return run
			},
			{ signal: cancel.signal },
		)
		expect(await running).toMatchObject({ state: "failed", tail: "started\n[the checks were stopped]" })
	})

	it("fails, saying so, when the host stopped it for its time", async () => {
		const timedOut: CheckRunner = () => ({
			done: Promise.resolve({ exitCode: undefined, timedOut: true }),
			kill: () => undefined,
		})
		expect(await runChecks(ref, "npm test", timedOut)).toMatchObject({
			state: "failed",
			tail: "[the checks ran out of time and were stopped]",
		})
	})
})
