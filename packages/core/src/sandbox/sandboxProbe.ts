import { execFile } from "node:child_process"
import { realpathSync } from "node:fs"
import { tmpdir } from "node:os"
import { sandboxedEnvironment } from "./commandEnvironment.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { sandboxedSpawn } from "./sandboxedSpawn.js"

export type SandboxAvailability = { available: true } | { available: false; reason: string }

/** One probe per bubblewrap binary for the life of the process: availability does not change. */
const probes = new Map<string, Promise<SandboxAvailability>>()

function probe(bwrapPath: string): Promise<SandboxAvailability> {
	const workspaceRoot = realpathSync(tmpdir())
	const policy: SandboxPolicy = {
		bwrapPath,
		workspaceRoot,
		hiddenPaths: [],
		hiddenFiles: [],
		protectedPaths: [],
		quarantineDir: workspaceRoot,
		hiddenSockets: [],
		systemPaths: [],
		environment: sandboxedEnvironment(process.env, []),
		allowNetwork: false,
	}
	const { file, args, cleanup } = sandboxedSpawn(policy, workspaceRoot, ["/bin/sh", "-c", ":"])
	return new Promise((resolve) => {
		execFile(file, args, { timeout: 10_000, env: policy.environment }, (error, _out, stderr) => {
			cleanup()
			if (error === null) return resolve({ available: true })
			const reason =
				(error as NodeJS.ErrnoException).code === "ENOENT"
					? `bubblewrap (${bwrapPath}) is not installed (Debian and Ubuntu: apt-get install bubblewrap)`
					: `bubblewrap cannot create a sandbox here: ${stderr.trim() || error.message}`
			resolve({ available: false, reason })
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
