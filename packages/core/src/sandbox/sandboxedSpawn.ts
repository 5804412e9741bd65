import {
	chmodSync,
	closeSync,
	cpSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	renameSync,
	rmdirSync,
	rmSync,
	writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { bwrapArgs } from "./bwrapArgs.js"
import type { ProtectedMount } from "./protectedMounts.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { unixSocketFilter } from "./unixSocketFilter.js"

/** The descriptor bubblewrap reads its seccomp filter from: the first after stdin, stdout and stderr. */
const filterDescriptor = 3

/** Whether anything is at `target`, a dangling link included. */
function present(target: string): boolean {
	try {
		lstatSync(target)
		return true
	} catch {
		return false
	}
}

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

/**
 * What to spawn to run `argv` in the sandbox: bubblewrap, with a /tmp of the command's own that
 * `cleanup` removes once the command has ended, with what it made of missing protected paths
 * (see ProtectedMount); `cleanup` returns the protected files the command created, which are
 * moved into `policy.quarantineDir`. Spawn it
 * with `policy.environment` as its environment and `descriptors` after its stdin, stdout and
 * stderr.
 */
export function sandboxedSpawn(
	policy: SandboxPolicy,
	cwd: string,
	argv: readonly string[],
): { file: string; args: string[]; descriptors: number[]; cleanup(): string[] } {
	const scratchRoot = mkdtempSync(path.join(tmpdir(), "cairn-sandbox-"))
	const scratch = { tmp: path.join(scratchRoot, "tmp"), emptyFile: path.join(scratchRoot, "empty") }
	mkdirSync(scratch.tmp)
	// What programs expect of /tmp; nobody else can reach it through the 0700 folder around it.
	chmodSync(scratch.tmp, 0o1777)
	writeFileSync(scratch.emptyFile, "", { mode: 0o444 })
	// One folder per command that made something, so names never collide.
	let movedTo: string | undefined
	const quarantine = () => (movedTo ??= path.join(policy.quarantineDir, path.basename(scratchRoot)))
	const filter = policy.allowNetwork ? unixSocketFilter() : undefined
	const descriptors: number[] = []
	if (filter !== undefined) {
		const filterFile = path.join(scratchRoot, "filter.bpf")
		writeFileSync(filterFile, filter)
		descriptors.push(openSync(filterFile, "r"))
	}
	return {
		file: policy.bwrapPath,
		args: [
			...bwrapArgs(policy, cwd, scratch),
			...(filter ? ["--seccomp", String(filterDescriptor)] : []),
			"--",
			...argv,
		],
		descriptors,
		cleanup: () => {
			for (const descriptor of descriptors.splice(0)) closeSync(descriptor)
			const created = policy.protectedPaths.flatMap((entry) =>
				entry.mount === "missing" ? settle(entry, quarantine) : [],
			)
			rmSync(scratchRoot, { recursive: true, force: true })
			return created
		},
	}
}
