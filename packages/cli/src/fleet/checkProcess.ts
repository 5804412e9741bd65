import { spawn } from "node:child_process"
import type { CheckRunner } from "@cairn/core"

/**
 * Runs a task's check as the person's own command: the task file that names it is theirs, as a
 * command line is, so it runs as they wrote it, in the task's worktree, through `sh -c`. It stays
 * in the worker's process group, so whatever ends the worker's group (a pod's end) ends it too.
 */
export function checkProcess(env: NodeJS.ProcessEnv): CheckRunner {
	return (command, cwd, onOutput) => {
		const child = spawn("/bin/sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
		child.stdout.setEncoding("utf8").on("data", onOutput)
		child.stderr.setEncoding("utf8").on("data", onOutput)
		const done = new Promise<{ exitCode: number | undefined; timedOut: boolean }>((resolve) => {
			child.on("error", (error) => {
				onOutput(`${error.message}\n`)
				resolve({ exitCode: undefined, timedOut: false })
			})
			child.on("close", (code) => resolve({ exitCode: code ?? undefined, timedOut: false }))
		})
		return {
			done,
			kill: () => void child.kill("SIGTERM"),
		}
	}
}
