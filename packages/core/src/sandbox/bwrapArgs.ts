import path from "node:path"
import type { SandboxPolicy } from "./sandboxPolicy.js"

const isInside = (child: string, parent: string) => {
	const relative = path.relative(parent, child)
	return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))
}

/**
 * bubblewrap's arguments (everything before `--`) for one command under `policy`, started in
 * `cwd`, with `tempDir` as its writable temp folder. Later mounts cover earlier ones, which is
 * what the order below relies on.
 */
export function bwrapArgs(policy: SandboxPolicy, cwd: string, tempDir: string): string[] {
	const workspace = policy.workspaceRoot
	const hide = (folders: readonly string[]) => folders.flatMap((folder) => ["--tmpfs", folder])
	return [
		// The sandbox ends with Cairn, and a command cannot type into a terminal outside it (TIOCSTI).
		"--die-with-parent",
		"--new-session",
		// Own pid namespace: /proc/<pid>/root of processes outside would otherwise lead around the mounts.
		"--unshare-all",
		...(policy.allowNetwork ? ["--share-net"] : []),
		// Inside its user namespace the command would otherwise hold every capability, umount included.
		"--cap-drop",
		"ALL",
		"--ro-bind",
		"/",
		"/",
		"--dev",
		"/dev",
		"--proc",
		"/proc",
		// /tmp stays read-only like the rest: a write there fails loudly (and is recognised as the
		// sandbox's doing) instead of landing in a private copy that silently vanishes.
		"--setenv",
		"TMPDIR",
		tempDir,
		...policy.hiddenEnv.flatMap((name) => ["--unsetenv", name]),
		// Hidden folders that contain the workspace (a scratch workspace inside storage) are covered
		// first, so the workspace bind below shows through them and nothing else of them does.
		...hide(policy.hiddenPaths),
		"--bind",
		workspace,
		workspace,
		"--bind",
		tempDir,
		tempDir,
		// A hidden folder inside the workspace was uncovered again by the bind: cover it again.
		...hide(policy.hiddenPaths.filter((folder) => isInside(folder, workspace))),
		// A socket file covered by /dev/null refuses connections.
		...policy.hiddenSockets.flatMap((socket) => ["--ro-bind", "/dev/null", socket]),
		"--chdir",
		cwd,
	]
}
