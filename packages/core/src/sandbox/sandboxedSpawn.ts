import {
	chmodSync,
	closeSync,
	cpSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	renameSync,
	rmdirSync,
	rmSync,
	writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { bwrapArgs } from "./bwrapArgs.js"
import { present } from "./present.js"
import type { ProtectedMount } from "./protectedMounts.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { socketsToCover } from "./socketsToCover.js"
import { unixSocketFilter } from "./unixSocketFilter.js"

/** How bubblewrap exits when it cannot set the sandbox up. */
const setupFailed = 1

/**
 * Moves what the command made at a protected path into `quarantine`, keeping it (a person's own
 * write may have landed there meanwhile, e.g. while a command ran on in the background).
 */
function moveAside(target: string, quarantine: string): void {
	mkdirSync(quarantine, { recursive: true, mode: 0o700 })
	const destination = path.join(quarantine, path.basename(target))
	try {
		renameSync(target, destination)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error
		// Storage on another file system. A FIFO or socket holds nothing to keep (and reading a FIFO would block).
		const kind = lstatSync(target)
		if (kind.isFile() || kind.isDirectory() || kind.isSymbolicLink())
			cpSync(target, destination, { recursive: true, verbatimSymlinks: true })
		rmSync(target, { recursive: true, force: true })
	}
}

/**
 * After the command: a missing protected folder's stand-in (the empty mount point bubblewrap made)
 * is removed unless something was put there meanwhile; a missing protected file the command
 * created is moved into `quarantine()`, and returned.
 */
function settle(entry: ProtectedMount, quarantine: () => string): string[] {
	if (!present(entry.path)) return []
	if (entry.kind === "folder") {
		try {
			rmdirSync(entry.path)
		} catch {
			// Made outside the sandbox meanwhile (the stand-in kept the command out): leave it.
		}
		return []
	}
	moveAside(entry.path, quarantine())
	return [entry.path]
}

/** What to spawn to run a command in the sandbox, and what to do once it has ended. */
export interface SandboxedStart {
	readonly file: string
	readonly args: string[]
	/** To give the process after its stdin, stdout and stderr. */
	readonly descriptors: number[]
	/**
	 * Removes the command's /tmp once the command has ended, with what it made of missing
	 * protected paths (see ProtectedMount); returns the protected files the command created,
	 * which are moved into `policy.quarantineDir`.
	 */
	cleanup(): string[]
	/**
	 * Once the process has ended with `exitCode` and written `stderr`: when bubblewrap never
	 * started the command because a socket to cover had vanished since it was read (another
	 * program's tmux ended and its folder went), this start is cleaned up and the one to spawn
	 * instead is returned, the sockets read again; its cleanup reports what all of them made.
	 * Sockets come and go on a busy machine, so a fresh reading can lose the race again: up to
	 * `maxStarts` starts in all, then undefined (as for any other end).
	 */
	retry(exitCode: number | null, stderr: string): SandboxedStart | undefined
}

/**
 * Whether bubblewrap stopped on one of `sockets`: it names the path it could not mount over
 * ("Can't mkdir parents for <path>: Read-only file system", "Can't create file at <path>: ...").
 */
const stoppedOn = (sockets: readonly string[], stderr: string) =>
	stderr
		.split("\n")
		.some((line) => line.startsWith("bwrap: ") && sockets.some((socket) => line.includes(`${socket}:`)))

/** Starts of one command, counting those bubblewrap gave up on because a socket had just vanished. */
const maxStarts = 5

function start(
	policy: SandboxPolicy,
	cwd: string,
	argv: readonly string[],
	sockets: readonly string[],
	earlier: { created: readonly string[]; starts: number } = { created: [], starts: 0 },
): SandboxedStart {
	const scratchRoot = mkdtempSync(path.join(tmpdir(), "cairn-sandbox-"))
	const scratch = { tmp: path.join(scratchRoot, "tmp"), emptyFile: path.join(scratchRoot, "empty") }
	mkdirSync(scratch.tmp)
	// What programs expect of /tmp; nobody else can reach it through the 0700 folder around it.
	chmodSync(scratch.tmp, 0o1777)
	writeFileSync(scratch.emptyFile, "", { mode: 0o444 })
	// One folder per command that made something, so names never collide.
	let movedTo: string | undefined
	const quarantine = () => (movedTo ??= path.join(policy.quarantineDir, path.basename(scratchRoot)))
	const descriptors: number[] = []
	/** The number `file`, opened, has in the process. */
	const pass = (file: string, flags: "r" | "w") => String(2 + descriptors.push(openSync(file, flags)))
	const filter = policy.allowNetwork ? unixSocketFilter() : undefined
	const seccomp: string[] = []
	if (filter !== undefined) {
		const filterFile = path.join(scratchRoot, "filter.bpf")
		writeFileSync(filterFile, filter)
		seccomp.push("--seccomp", pass(filterFile, "r"))
	}
	// bubblewrap writes the command's exit code here only if it started the command; the command
	// itself never holds this descriptor, so it cannot pretend either way.
	const statusFile = path.join(scratchRoot, "status.json")
	const status = ["--json-status-fd", pass(statusFile, "w")]
	const cleanup = () => {
		for (const descriptor of descriptors.splice(0)) closeSync(descriptor)
		const created = policy.protectedPaths.flatMap((entry) =>
			entry.mount === "missing" ? settle(entry, quarantine) : [],
		)
		rmSync(scratchRoot, { recursive: true, force: true })
		return [...earlier.created, ...created]
	}
	return {
		file: policy.bwrapPath,
		args: [...bwrapArgs(policy, cwd, scratch, sockets), ...seccomp, ...status, "--", ...argv],
		descriptors,
		cleanup,
		retry: (exitCode, stderr) => {
			if (earlier.starts + 1 >= maxStarts || exitCode !== setupFailed || !stoppedOn(sockets, stderr))
				return undefined
			if (readFileSync(statusFile, "utf8").includes('"exit-code"')) return undefined
			return start(policy, cwd, argv, socketsToCover(policy, true), {
				created: cleanup(),
				starts: earlier.starts + 1,
			})
		},
	}
}

/**
 * What to spawn to run `argv` in the sandbox under `policy`, started in `cwd`: bubblewrap, with a
 * /tmp of the command's own and `sockets` covered, by default the machine's as they are now.
 * Spawn it with `policy.environment` as its environment and `descriptors` after its stdin, stdout
 * and stderr; once it has ended, spawn what `retry` returns instead if anything, else call
 * `cleanup`.
 */
export function sandboxedSpawn(
	policy: SandboxPolicy,
	cwd: string,
	argv: readonly string[],
	sockets: readonly string[] = socketsToCover(policy),
): SandboxedStart {
	return start(policy, cwd, argv, sockets)
}

/** The same shape for `file` run with `args` as it is, outside the sandbox. */
export function unsandboxedStart(file: string, args: string[]): SandboxedStart {
	return { file, args, descriptors: [], cleanup: () => [], retry: () => undefined }
}
