import { privateFolders, privateTmp, workspaceShelter } from "./privateAreas.js"
import { programMounts } from "./programView.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { isInside } from "../workspace/workspacePaths.js"

/** The command's own folders, made for one command and removed after it (see sandboxedSpawn). */
export interface SandboxScratch {
	/** Mounted as the command's /tmp. */
	readonly tmp: string
	/** An empty read-only file: what a hidden file looks like. */
	readonly emptyFile: string
}

/**
 * bubblewrap's arguments (everything before `--`) for one command under `policy`, started in
 * `cwd`, with `sockets` covered (see socketsToCover). Later mounts cover earlier ones, which is
 * what the order below relies on.
 */
export function bwrapArgs(
	policy: SandboxPolicy,
	cwd: string,
	scratch: SandboxScratch,
	sockets: readonly string[],
): string[] {
	const workspace = policy.workspaceRoot
	const hide = (folders: readonly string[], files: readonly string[]) => [
		...folders.flatMap((folder) => ["--tmpfs", folder]),
		...files.flatMap((file) => ["--ro-bind", scratch.emptyFile, file]),
	]
	const narrow = policy.programsOnly
	// In the narrow view nothing of the machine's /tmp or /run is shown, so nothing needs sheltering.
	const shelter = narrow === undefined ? workspaceShelter(workspace) : undefined
	const inWorkspace = (paths: readonly string[]) => paths.filter((hidden) => isInside(workspace, hidden))
	return [
		// The sandbox ends with Cairn, and a command cannot type into a terminal outside it (TIOCSTI).
		"--die-with-parent",
		"--new-session",
		// Own pid namespace: /proc/<pid>/root of processes outside would otherwise lead around the
		// mounts. Own network namespace: abstract Unix sockets (@name) of the machine are out of reach.
		"--unshare-all",
		...(policy.allowNetwork ? ["--share-net"] : []),
		// Inside its user namespace the command would otherwise hold every capability, umount included.
		"--cap-drop",
		"ALL",
		...(narrow === undefined ? ["--ro-bind", "/", "/"] : programMounts(narrow.programs)),
		"--dev",
		"/dev",
		"--proc",
		"/proc",
		// A /tmp of its own, on disk (a build's temp files can be large) and removed after the command.
		"--bind",
		scratch.tmp,
		privateTmp,
		...(narrow === undefined ? privateFolders().flatMap((folder) => ["--tmpfs", folder]) : []),
		...policy.systemPaths.flatMap((system) => ["--ro-bind", system, system]),
		// Made read-only last, once every mount point inside it exists.
		...(shelter ? ["--tmpfs", shelter] : []),
		"--setenv",
		"TMPDIR",
		privateTmp,
		// Hidden folders that contain the workspace (a scratch workspace inside storage) are covered
		// first, so the workspace bind below shows through them and nothing else of them does.
		...hide(policy.hiddenPaths, policy.hiddenFiles),
		narrow === undefined ? "--bind" : "--ro-bind",
		workspace,
		workspace,
		...(narrow?.writablePaths ?? []).flatMap((folder) => ["--bind", folder, folder]),
		// A hidden path inside the workspace was uncovered again by the bind: cover it again.
		...hide(inWorkspace(policy.hiddenPaths), inWorkspace(policy.hiddenFiles)),
		...policy.protectedPaths.flatMap((entry) => {
			if (entry.mount === "pinned") return ["--bind", entry.path, entry.path]
			if (entry.mount === "readOnly") return ["--ro-bind", entry.path, entry.path]
			// A missing file is looked for after the command instead (see ProtectedMount).
			return entry.kind === "file" ? [] : ["--tmpfs", entry.path, "--remount-ro", entry.path]
		}),
		// A socket file covered by /dev/null refuses connections.
		...sockets.flatMap((socket) => ["--ro-bind", "/dev/null", socket]),
		...(shelter ? ["--remount-ro", shelter] : []),
		"--chdir",
		cwd,
	]
}
