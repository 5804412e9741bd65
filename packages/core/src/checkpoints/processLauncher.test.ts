import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
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
		"keeps a process started ahead for a request that asks, lets it run the next such request, replaces it, and ends it on dispose",
		async () => {
			const launcher = new ProcessLauncher()
			const ahead = (script: string) =>
				launcher.run({
					command: "/bin/sh",
					args: ["-c", script],
					cwd: process.cwd(),
					env: process.env,
					input: "in\n",
					startAhead: true,
				})
			const script = "echo $$ $PPID; cat; echo said >&2"
			const first = await ahead(script)
			const launcherPid = Number(first.stdout.toString().split(/\s+/)[1])
			expect(launcherPid).toBeGreaterThan(0)
			// Started once the first was answered: a shell waiting for the word to run.
			const waiting = await waitFor(() => childrenOf(launcherPid))
			expect(waiting).toHaveLength(1)
			const second = await ahead(script)
			expect(second.code).toBe(0)
			// The waiting process became the command, and got the request's input and nothing else.
			expect(second.stdout.toString()).toBe(`${waiting[0]} ${launcherPid}\nin\n`)
			expect(second.stderr.toString()).toBe("said\n")
			const replaced = await waitFor(() => childrenOf(launcherPid))
			expect(replaced).toHaveLength(1)
			expect(replaced[0]).not.toBe(waiting[0])
			// A request without the flag starts its own process and leaves the waiting one alone.
			expect((await sh(launcher, "echo plain")).stdout.toString()).toBe("plain\n")
			expect(await childrenOf(launcherPid)).toEqual(replaced)
			await launcher.dispose()
			expect(alive(launcherPid)).toBe(false)
			for (const pid of replaced) expect(alive(pid)).toBe(false)
		},
	)

	it.runIf(process.platform === "linux")(
		"runs a request afresh when the process started ahead for it was killed while it waited",
		async () => {
			const launcher = new ProcessLauncher()
			const ahead = () =>
				launcher.run({
					command: "/bin/sh",
					args: ["-c", "echo ran $$; exit 4"],
					cwd: process.cwd(),
					env: process.env,
					startAhead: true,
				})
			const first = await ahead()
			expect(first.code).toBe(4)
			const launcherPid = Number((await sh(launcher, "echo $PPID")).stdout.toString())
			const [waiting] = await waitFor(() => childrenOf(launcherPid))
			process.kill(waiting ?? 0, "SIGKILL")
			// Whether the launcher saw it end before the request or after, the command runs once.
			const again = await ahead()
			expect(again.code).toBe(4)
			expect(again.stdout.toString()).toMatch(/^ran \d+\n$/)
			expect(again.stdout.toString()).not.toBe(`ran ${waiting}\n`)
			expect(again.stderr.toString()).toBe("")
			await launcher.dispose()
			expect(alive(launcherPid)).toBe(false)
		},
	)

	it.runIf(process.platform === "linux")(
		"runs a request started ahead in its folder as it is when it runs, though it was removed and made again",
		async () => {
			const temp = await makeTempDir("cairn-launcher-ahead-")
			const folder = path.join(temp.dir, "work")
			try {
				const launcher = new ProcessLauncher()
				const ahead = () =>
					launcher.run({
						command: "/bin/sh",
						args: ["-c", "cat marker; echo $PPID"],
						cwd: folder,
						env: process.env,
						startAhead: true,
					})
				await mkdir(folder)
				await writeFile(path.join(folder, "marker"), "first\n")
				const [said, launcherPid] = (await ahead()).stdout.toString().split("\n")
				expect(said).toBe("first")
				const [waiting] = await waitFor(() => childrenOf(Number(launcherPid)))
				await rm(folder, { recursive: true })
				await mkdir(folder)
				await writeFile(path.join(folder, "marker"), "second\n")
				const again = await ahead()
				expect(again.stdout.toString()).toBe(`second\n${launcherPid}\n`)
				expect(again.stderr.toString()).toBe("")
				// It was the process started ahead that ran.
				expect(await childrenOf(Number(launcherPid))).not.toContain(waiting)
				await launcher.dispose()
			} finally {
				await temp.remove()
			}
		},
	)

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

/** The processes whose parent is `pid` now (Linux's /proc). */
async function childrenOf(pid: number): Promise<number[]> {
	const children: number[] = []
	for (const entry of await readdir("/proc")) {
		if (!/^\d+$/.test(entry)) continue
		const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "")
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
		// A zombie (state Z) has ended; it only waits for its parent to read its status.
		if (Number(fields[1]) === pid && fields[0] !== "Z") children.push(Number(entry))
	}
	return children
}

/** Asks until the answer is not empty, for up to 20 s. */
async function waitFor(ask: () => Promise<number[]>): Promise<number[]> {
	const until = Date.now() + 20_000
	for (;;) {
		const answer = await ask()
		if (answer.length > 0 || Date.now() > until) return answer
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}
