import { spawn } from "node:child_process"

/** One process to start: argv, folder, the complete environment and optional standard input. */
export interface StartRequest {
	command: string
	args: readonly string[]
	cwd: string
	env: NodeJS.ProcessEnv
	input?: string | Buffer
}

/** What a started process did: its exit code (-1 when a signal ended it) and its output. */
export interface Started {
	code: number
	stdout: Buffer
	stderr: Buffer
	/** The output went past the byte cap: the process was stopped and the rest is left out. */
	truncated?: boolean
}

/** Starts processes for the git helper; fails with an error carrying `code` (e.g. ENOENT). */
export type ProcessStarter = (request: StartRequest, limits: StartLimits) => Promise<Started>

export interface StartLimits {
	/** Standard output kept; past it the process is stopped. */
	maxBytes?: number
	timeoutMs?: number
}

const stderrBytes = 4_000

/**
 * Starts the process from this one, reading at most `maxBytes` of its output and stopping it
 * past that or after `timeoutMs`, so a huge diff or a stuck git never holds the caller.
 */
export const startDirectly: ProcessStarter = (request, limits) =>
	new Promise((resolve, reject) => {
		const maxBytes = limits.maxBytes ?? Number.POSITIVE_INFINITY
		const child = spawn(request.command, request.args, {
			cwd: request.cwd,
			env: request.env,
			stdio: ["pipe", "pipe", "pipe"],
			// SIGKILL: a git blocked opening a FIFO in the work tree must end, not clean up first.
			...(limits.timeoutMs !== undefined && {
				timeout: limits.timeoutMs,
				killSignal: "SIGKILL" as const,
			}),
		})
		const out: Buffer[] = []
		const err: Buffer[] = []
		let bytes = 0
		let errBytes = 0
		let truncated = false
		child.stdout.on("data", (chunk: Buffer) => {
			if (truncated) return
			out.push(chunk)
			bytes += chunk.length
			if (bytes > maxBytes) {
				truncated = true
				child.kill("SIGTERM")
			}
		})
		child.stderr.on("data", (chunk: Buffer) => {
			if (errBytes >= stderrBytes) return
			err.push(chunk)
			errBytes += chunk.length
		})
		child.on("error", reject)
		child.on("close", (code) => {
			const stdout = Buffer.concat(out)
			resolve({
				code: code ?? -1,
				stdout: truncated ? stdout.subarray(0, maxBytes) : stdout,
				stderr: Buffer.concat(err),
				truncated,
			})
		})
		// A git that does not read its input (it failed early) must not fail the run.
		child.stdin.on("error", () => undefined)
		child.stdin.end(request.input ?? "")
	})
