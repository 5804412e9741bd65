/**
 * What a host offers for running commands in the OS sandbox. A host without it cannot sandbox
 * commands, so commands that would run without a person ask one instead.
 */
export interface SandboxSupport {
	/** The bubblewrap binary: a name looked up on PATH, or an absolute path. */
	readonly bwrapPath: string
	/** Folders that hold Cairn's state or secrets besides the host's storageDir. */
	readonly privatePaths: readonly string[]
	/** Unix sockets besides Docker's that sandboxed commands must not reach. */
	readonly privateSockets: readonly string[]
}

/** How one command runs in the sandbox. */
export interface SandboxPolicy {
	readonly bwrapPath: string
	/** The one folder (with everything under it) the command may change. */
	readonly workspaceRoot: string
	/** Folders that look empty inside the sandbox: Cairn's storage and secrets. */
	readonly hiddenPaths: readonly string[]
	/** Unix sockets of services outside that would reach around the sandbox (Docker's). */
	readonly hiddenSockets: readonly string[]
	/** Environment variables the command does not inherit (API keys and the like). */
	readonly hiddenEnv: readonly string[]
	/** Whether the command may use the network; otherwise it has only its own loopback. */
	readonly allowNetwork: boolean
}
