import { describe, expect, it } from "vitest"
import { HardenedGit } from "../git/hardenedGit.js"
import { childGits } from "../test-support/childGits.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { LaunchError, ProcessLauncher } from "./processLauncher.js"

const sh = (launcher: ProcessLauncher, script: string, input?: string) =>
	launcher.run({ command: "/bin/sh", args: ["-c", script], cwd: process.cwd(), env: process.env, input })

describe.skipIf(process.platform === "win32")("the process launcher", () => {
	it("gives a process its input, and returns its exit code, output and errors apart", async () => {
		const result = await sh(
			new ProcessLauncher(),
			'cat; printf "\\000\\377" ; echo oops >&2; exit 3',
			"in\n",
		)
		expect(result.code).toBe(3)
		expect(result.stdout).toEqual(Buffer.from([...Buffer.from("in\n"), 0, 255]))
		expect(result.stderr.toString()).toBe("oops\n")
	})

	it("answers each of many requests at once with its own process's output", async () => {
		const launcher = new ProcessLauncher()
		const results = await Promise.all(Array.from({ length: 20 }, (_, i) => sh(launcher, `echo ${i}`)))
		expect(results.map((r) => r.stdout.toString())).toEqual(
			Array.from({ length: 20 }, (_, i) => `${i}\n`),
		)
	})

	it("says a command that cannot be found could not be started (ENOENT)", async () => {
		const launcher = new ProcessLauncher()
		const run = launcher.run({
			command: "no-such-command-cairn",
			args: [],
			cwd: process.cwd(),
			env: process.env,
		})
		await expect(run).rejects.toMatchObject({ name: "LaunchError", code: "ENOENT" })
		expect((await sh(launcher, "echo still here")).stdout.toString()).toBe("still here\n")
	})

	it("fails what a launcher that died was running, and starts a new one for the next request", async () => {
		const launcher = new ProcessLauncher()
		// The launched shell's parent is the launcher.
		await expect(sh(launcher, "kill -9 $PPID; sleep 2")).rejects.toBeInstanceOf(LaunchError)
		expect((await sh(launcher, "echo again")).stdout.toString()).toBe("again\n")
	})

	it("ends on dispose only once what it runs has answered, and leaves no process behind", async () => {
		const launcher = new ProcessLauncher()
		// Still running when dispose is called: the shell and the launcher (its parent) are named.
		const running = sh(launcher, "sleep 0.3; echo $$ $PPID")
		await launcher.dispose()
		const answered = await running
		expect(answered.code).toBe(0)
		const pids = answered.stdout.toString().trim().split(" ").map(Number)
		expect(pids).toHaveLength(2)
		for (const pid of pids) expect(alive(pid)).toBe(false)
		// A request after dispose starts a new launcher.
		expect((await sh(launcher, "echo next")).stdout.toString()).toBe("next\n")
		await launcher.dispose()
	})

	it.runIf(process.platform === "linux")(
		"ends the long-lived gits it adopted on dispose, and they start again when asked",
		async () => {
			const temp = await makeTempDir("cairn-launcher-session-")
			try {
				const git = HardenedGit.forOwn({
					gitDir: `${temp.dir}/git`,
					workTree: temp.dir,
					timeoutMs: 60_000,
				})
				await git.run(["init", "--quiet"])
				const launcher = new ProcessLauncher()
				const refs = launcher.adopt(git.session(["update-ref", "--stdin"]))
				expect(await refs.ask("start\ncommit\n", 2)).toEqual(["start: ok", "commit: ok"])
				expect(await childGits()).toBe(1)
				await launcher.dispose()
				expect(await childGits()).toBe(0)
				expect(await refs.ask("start\ncommit\n", 2)).toEqual(["start: ok", "commit: ok"])
				await launcher.dispose()
				expect(await childGits()).toBe(0)
			} finally {
				await temp.remove()
			}
		},
	)
})

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}
