import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process"
import { GitError } from "./gitError.js"
import type { SessionStart } from "./gitSession.js"

interface Ahead {
	child: ChildProcessWithoutNullStreams
	result: Promise<{ code: number | null; stdout: Buffer; stderr: string }>
}

/**
 * One git command line run again and again (a checkpoint's listing of the workspace), whose
 * process is started ahead of time: a shell waiting for a line on its input, which then becomes
 * the git (`exec`). Git itself starts, and reads the index and the files, only once asked, so its
 * answer is of that moment; what a run waits for is git's own work, not the starting of processes
 * (several ms on a busy machine, more from a host holding much memory). The next one is started
 * once a run is answered. Where there is no POSIX shell (Windows), each run starts git then.
 *
 * An idle process keeps no hold on the host's event loop; `close` ends it.
 */
export class PreparedGit {
	private ahead: Ahead | undefined

	constructor(private readonly start: SessionStart) {}

	async run(okExitCodes: readonly number[] = []): Promise<Buffer> {
		const ready = this.ahead ?? this.spawn()
		this.ahead = undefined
		hold(ready.child, true)
		const timer = setTimeout(() => ready.child.kill("SIGKILL"), this.start.timeoutMs)
		ready.child.stdin.end("\n")
		const { code, stdout, stderr } = await ready.result.finally(() => clearTimeout(timer))
		if (code === 0 || (code !== null && okExitCodes.includes(code))) {
			this.ahead = this.spawn()
			return stdout
		}
		const said = stderr.trim()
		throw new GitError(
			`git ${this.start.name} ${code === null ? "was stopped (it ran too long, or was killed)" : `failed (exit ${code})`}${said ? `: ${said}` : ""}`,
			false,
			said.split("\n")[0] ?? "",
		)
	}

	/** Ends the process waiting for the next run, if any; resolves once it has exited. */
	async close(): Promise<void> {
		const ready = this.ahead
		this.ahead = undefined
		if (ready === undefined) return
		hold(ready.child, true)
		// An empty input: `read` fails and the shell ends without starting git.
		ready.child.stdin.end()
		await ready.result
	}

	private spawn(): Ahead {
		const { command, args, cwd, env } = this.start
		const child =
			process.platform === "win32"
				? spawn(command, args, { cwd, env, stdio: ["pipe", "pipe", "pipe"] })
				: spawn("/bin/sh", ["-c", 'read -r line && exec "$@"', "sh", command, ...args], {
						cwd,
						env,
						stdio: ["pipe", "pipe", "pipe"],
					})
		hold(child, false)
		child.stdin.on("error", () => undefined)
		const out: Buffer[] = []
		let stderr = ""
		child.stdout.on("data", (chunk: Buffer) => out.push(chunk))
		child.stderr.on("data", (chunk: Buffer) => {
			if (stderr.length < 4_000) stderr += chunk.toString("utf8")
		})
		const result = new Promise<{ code: number | null; stdout: Buffer; stderr: string }>((resolve) => {
			child.on("error", (error) =>
				resolve({ code: null, stdout: Buffer.alloc(0), stderr: error.message }),
			)
			child.on("close", (code) => resolve({ code, stdout: Buffer.concat(out), stderr }))
		})
		return { child, result }
	}
}

/** Whether the process keeps the host's event loop alive: only while it runs for it. */
function hold(child: ChildProcessWithoutNullStreams, alive: boolean): void {
	for (const handle of [child, child.stdin, child.stdout, child.stderr] as unknown as {
		ref(): void
		unref(): void
	}[]) {
		if (alive) handle.ref()
		else handle.unref()
	}
}
