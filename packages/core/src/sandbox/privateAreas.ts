import { lstatSync } from "node:fs"
import path from "node:path"

/**
 * Where programs put their sockets, pipes and shared memory: tmux, screen, ssh-agent, X11,
 * VS Code's IPC, D-Bus, /run/user. A sandboxed command gets empty ones of its own (its /tmp on
 * disk, see sandboxedSpawn; its /dev, with /dev/shm, from bubblewrap's --dev).
 */
export const privateTmp = "/tmp"

let folders: string[] | undefined

/** The private folders besides /tmp, mounted as empty tmpfs. /var/run is usually a link to /run. */
export function privateFolders(): readonly string[] {
	if (folders === undefined) {
		folders = ["/var/tmp", "/run"]
		try {
			if (lstatSync("/var/run").isDirectory()) folders.push("/var/run")
		} catch {
			// No /var/run: nothing to cover.
		}
	}
	return folders
}

/** Whether a real path lies in a folder the sandbox replaces with its own. */
export function inPrivateArea(real: string): boolean {
	return [privateTmp, "/dev", ...privateFolders()].some((folder) => {
		const relative = path.relative(folder, real)
		return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))
	})
}

/**
 * For a workspace deep in /tmp or /run (/tmp/build-1/app), the folder of that area that holds it
 * (/tmp/build-1): the sandbox shows it as an empty read-only folder around the workspace, so a
 * write beside the workspace fails loudly instead of landing in the private /tmp and vanishing.
 * Undefined elsewhere, and for a workspace directly in such an area.
 */
export function workspaceShelter(workspace: string): string | undefined {
	for (const folder of [privateTmp, ...privateFolders()]) {
		const [first, ...rest] = path.relative(folder, workspace).split(path.sep)
		if (first === undefined || first === "" || first === ".." || path.isAbsolute(first)) continue
		return rest.length > 0 ? path.join(folder, first) : undefined
	}
	return undefined
}
