import type { ProtectedMount } from "./protectedMounts.js"

/**
 * What a host offers for running commands in the OS sandbox. A host without it cannot sandbox
 * commands, so commands that would run without a person ask one instead.
 */
export interface SandboxSupport {
	/** The bubblewrap binary: a name looked up on PATH, or an absolute path. */
	readonly bwrapPath: string
	/** Folders that hold Cairn's state or secrets besides the host's storageDir. */
	readonly privatePaths: readonly string[]
	/** Unix sockets besides those bound at the time that sandboxed commands must not reach. */
	readonly privateSockets: readonly string[]
	/** The home folder whose credential stores are hidden; default the process's. */
	readonly homeDir?: string
}

/** How one command runs in the sandbox. */
export interface SandboxPolicy {
	readonly bwrapPath: string
	/** The one folder (with everything under it but `protectedPaths`) the command may change. */
	readonly workspaceRoot: string
	/** Folders that look empty inside the sandbox: Cairn's storage, credential stores. */
	readonly hiddenPaths: readonly string[]
	/** Files that look empty and cannot be written: credential files such as ~/.netrc. */
	readonly hiddenFiles: readonly string[]
	/** What in the workspace configures Cairn, the editor or git: read-only, not even creatable. */
	readonly protectedPaths: readonly ProtectedMount[]
	/**
	 * Where what a command made at a missing protected file is moved after it (in Cairn's storage,
	 * hidden from commands): the sandbox cannot keep the file from being made (see ProtectedMount).
	 */
	readonly quarantineDir: string
	/**
	 * Unix sockets the host names that would reach around the sandbox, besides those programs
	 * outside (tmux, ssh-agent, Docker...) have bound when a command starts, which are covered too.
	 */
	readonly hiddenSockets: readonly string[]
	/**
	 * Paths under the private /run that the system needs (the DNS configuration /etc/resolv.conf
	 * links to, programs on PATH), shown read-only again.
	 */
	readonly systemPaths: readonly string[]
	/** The command's whole environment (bubblewrap sets TMPDIR on top). */
	readonly environment: Readonly<Record<string, string>>
	/** Whether the command may use the network; otherwise it has only its own loopback. */
	readonly allowNetwork: boolean
	/**
	 * What of the machine the sandbox shows: all of it read-only, with private areas of its own
	 * (a command; when undefined), or only the system's programs and libraries, the workspace
	 * read-only and the view's writable folders (Cairn's own git reading the workspace for
	 * checkpoints: a link in the workspace that leads out of it leads to nothing there).
	 */
	readonly programsOnly?: ProgramsView
}

/** The narrow view of the machine (see SandboxPolicy.programsOnly). */
export interface ProgramsView {
	/** Programs (absolute paths) whose folders are shown besides the system's usual ones. */
	readonly programs: readonly string[]
	/** Folders besides the workspace that may be written. */
	readonly writablePaths: readonly string[]
}

/** A policy that hides, protects and covers nothing beyond the sandbox's own view: for probes and narrow views. */
export function bareSandboxPolicy(
	bwrapPath: string,
	workspaceRoot: string,
	quarantineDir: string,
	environment: Record<string, string>,
): SandboxPolicy {
	return {
		bwrapPath,
		workspaceRoot,
		hiddenPaths: [],
		hiddenFiles: [],
		protectedPaths: [],
		quarantineDir,
		hiddenSockets: [],
		systemPaths: [],
		environment,
		allowNetwork: false,
	}
}
