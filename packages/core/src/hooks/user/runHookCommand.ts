import { spawn, type ChildProcessByStdio } from "node:child_process"
import type { Readable, Writable } from "node:stream"
import { withoutCairnInternals } from "../../sandbox/commandEnvironment.js"
import type { SandboxPolicy } from "../../sandbox/sandboxPolicy.js"
import { sandboxedSpawn, unsandboxedStart } from "../../sandbox/sandboxedSpawn.js"

export interface HookCommandOptions {
	cwd: string
	/** Written to the command's stdin, which is then closed. */
	stdin: string
	timeoutMs: number
	signal: AbortSignal
	env?: Record<string, string>
	/** Runs the hook in the command sandbox with this policy. */
	sandbox?: SandboxPolicy
}

export type HookCommandResult =
	{ kind: "exited"; exitCode: number; stdout: string; stderr: string } | { kind: "failed"; error: string }

/** Output past this is dropped: a hook's answer is a few lines, not a log. */
const maxOutputChars = 64 * 1024

/**
 * Runs a hook's shell command with the event on stdin and collects what it prints. It gets a
 * process group of its own, so a timeout or a cancel kills everything it started and settles at
 * once: a hook can never hang the task. In the sandbox, the group is bubblewrap's, and ending it
 * ends everything inside (--die-with-parent, its own pid namespace).
 */
export function runHookCommand(command: string, options: HookCommandOptions): Promise<HookCommandResult> {
	return new Promise((resolve) => {
		let settled = false
		let stdout: string[] = []
		let stderr: string[] = []
		let size = { stdout: 0, stderr: 0 }
		const argv = ["/bin/sh", "-c", command]
		let start = options.sandbox
			? sandboxedSpawn(options.sandbox, options.cwd, argv)
			: unsandboxedStart("/bin/sh", argv.slice(1))
		// The extra descriptors (bubblewrap's) hide from the types that the first three are pipes.
		const spawnChild = () =>
			spawn(start.file, start.args, {
				cwd: options.cwd,
				// In the sandbox, its allowlisted environment; outside, never Cairn's IPC socket and token:
				// a hook holding them could change Cairn's own settings.
				env: {
					...(options.sandbox?.environment ?? withoutCairnInternals(process.env)),
					...options.env,
				},
				detached: true,
				stdio: ["pipe", "pipe", "pipe", ...start.descriptors],
			}) as ChildProcessByStdio<Writable, Readable, Readable>
		let child = spawnChild()
		const killGroup = () => {
			if (child.pid === undefined) return
			try {
				process.kill(-child.pid, "SIGKILL")
			} catch {
				// The group is already gone.
			}
		}
		const settle = (result: HookCommandResult) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			const created = start.cleanup()
			options.signal.removeEventListener("abort", onAbort)
			// A protected file the hook made was moved aside by the sandbox: the hook did not do what it meant to.
			if (created.length > 0 && result.kind === "exited")
				resolve({
					kind: "failed",
					error: `it created ${created.join(", ")}, which is protected; the sandbox moved it aside`,
				})
			else resolve(result)
		}
		const onAbort = () => {
			killGroup()
			settle({ kind: "failed", error: "the task was cancelled" })
		}
		const timer = setTimeout(() => {
			killGroup()
			settle({
				kind: "failed",
				error: `it timed out after ${options.timeoutMs / 1000} s and was killed`,
			})
		}, options.timeoutMs)
		if (options.signal.aborted) onAbort()
		else options.signal.addEventListener("abort", onAbort, { once: true })

		const follow = () => {
			const current = child
			const collect = (into: string[], which: keyof typeof size) => (chunk: Buffer) => {
				if (size[which] >= maxOutputChars) return
				const text = chunk.toString("utf8")
				into.push(text)
				size[which] += text.length
			}
			current.stdout.on("data", collect(stdout, "stdout"))
			current.stderr.on("data", collect(stderr, "stderr"))
			// A hook that does not read its stdin closes the pipe early: that is its right, not an error.
			current.stdin.on("error", () => undefined)
			current.stdin.end(options.stdin)
			current.on("error", (error) =>
				settle({ kind: "failed", error: `it could not start: ${error.message}` }),
			)
			current.on("close", (code, signal) => {
				if (settled) return
				const again = start.retry(code, stderr.join(""))
				if (again !== undefined) {
					start = again
					stdout = []
					stderr = []
					size = { stdout: 0, stderr: 0 }
					child = spawnChild()
					return follow()
				}
				if (code === null)
					settle({ kind: "failed", error: `it was ended by signal ${signal ?? "unknown"}` })
				else
					settle({
						kind: "exited",
						exitCode: code,
						stdout: stdout.join("").slice(0, maxOutputChars),
						stderr: stderr.join("").slice(0, maxOutputChars),
					})
			})
		}
		follow()
	})
}
