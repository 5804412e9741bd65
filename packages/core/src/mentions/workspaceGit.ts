import { spawn } from "node:child_process"

export interface GitOutput {
	stdout: string
	/** Output stopped at the byte cap; more was left out. */
	truncated: boolean
}

/**
 * Runs a read-only git command in the person's repository and collects at most `maxBytes` of
 * its output. Nothing in the repository's configuration gets to run a program of its own
 * (fsmonitor, external diff, textconv), and git never waits for a pager or a password.
 */
export function runWorkspaceGit(
	cwd: string,
	args: readonly string[],
	options: { maxBytes: number; timeoutMs?: number },
): Promise<GitOutput> {
	const fullArgs = ["--no-pager", "-c", "core.fsmonitor=false", "-c", "core.quotePath=false", ...args]
	return new Promise((resolve, reject) => {
		const child = spawn("git", fullArgs, {
			cwd,
			env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" },
			stdio: ["ignore", "pipe", "pipe"],
			timeout: options.timeoutMs ?? 10_000,
		})
		const chunks: Buffer[] = []
		let bytes = 0
		let truncated = false
		let stderr = ""
		child.stdout.on("data", (chunk: Buffer) => {
			if (truncated) return
			chunks.push(chunk)
			bytes += chunk.length
			if (bytes > options.maxBytes) {
				truncated = true
				child.kill("SIGTERM")
			}
		})
		child.stderr.setEncoding("utf8")
		child.stderr.on("data", (chunk: string) => {
			if (stderr.length < 4_000) stderr += chunk
		})
		child.on("error", (error: NodeJS.ErrnoException) =>
			reject(new Error(error.code === "ENOENT" ? "git is not installed" : error.message)),
		)
		child.on("close", (code, signal) => {
			const stdout = Buffer.concat(chunks).subarray(0, options.maxBytes).toString("utf8")
			if (truncated) return resolve({ stdout, truncated })
			if (code === 0) return resolve({ stdout, truncated: false })
			const why = stderr.trim().split("\n")[0] ?? ""
			reject(new Error(signal ? `git was stopped (${signal})` : why || `git exited with ${code}`))
		})
	})
}
