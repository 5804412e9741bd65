import { type ChildProcessByStdio, spawn } from "node:child_process"
import { realpathSync } from "node:fs"
import { tmpdir } from "node:os"
import type { Readable } from "node:stream"
import { sandboxedEnvironment } from "./commandEnvironment.js"
import { bareSandboxPolicy } from "./sandboxPolicy.js"
import { sandboxedSpawn } from "./sandboxedSpawn.js"

export type SandboxAvailability = { available: true } | { available: false; reason: string }

/** One probe per bubblewrap binary for the life of the process: availability does not change. */
const probes = new Map<string, Promise<SandboxAvailability>>()

function probe(bwrapPath: string): Promise<SandboxAvailability> {
	const workspaceRoot = realpathSync(tmpdir())
	const policy = bareSandboxPolicy(
		bwrapPath,
		workspaceRoot,
		workspaceRoot,
		sandboxedEnvironment(process.env, []),
	)
	// No sockets to cover: whether the sandbox is there must not hang on the machine's sockets of
	// the moment, one of which may vanish as it starts (see SandboxedStart.retry).
	const { file, args, descriptors, cleanup } = sandboxedSpawn(
		policy,
		workspaceRoot,
		["/bin/sh", "-c", ":"],
		[],
	)
	return new Promise((resolve) => {
		const child = spawn(file, args, {
			env: policy.environment,
			stdio: ["ignore", "ignore", "pipe", ...descriptors],
			timeout: 10_000,
		}) as ChildProcessByStdio<null, null, Readable>
		let stderr = ""
		child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
		const unavailable = (why: string) => {
			cleanup()
			resolve({ available: false, reason: `bubblewrap cannot create a sandbox here: ${why}` })
		}
		child.on("error", (error: NodeJS.ErrnoException) => {
			if (child.pid !== undefined) return
			if (error.code !== "ENOENT") return unavailable(error.message)
			cleanup()
			resolve({
				available: false,
				reason: `bubblewrap (${bwrapPath}) is not installed (Debian and Ubuntu: apt-get install bubblewrap)`,
			})
		})
		child.on("close", (code, signal) => {
			if (child.pid === undefined) return
			if (code !== 0) return unavailable(stderr.trim() || (signal ?? `exit code ${code}`))
			cleanup()
			resolve({ available: true })
		})
	})
}

/**
 * Whether commands can run sandboxed: Linux, and `bwrapPath` starts a trivial command with the
 * same flags real commands get (a kernel without user namespaces, or an AppArmor rule, fails it).
 */
export function probeSandbox(bwrapPath: string): Promise<SandboxAvailability> {
	if (process.platform !== "linux")
		return Promise.resolve({
			available: false,
			reason: `the sandbox uses Linux's bubblewrap and this system is ${process.platform}`,
		})
	let result = probes.get(bwrapPath)
	if (result === undefined) {
		result = probe(bwrapPath)
		probes.set(bwrapPath, result)
	}
	return result
}
