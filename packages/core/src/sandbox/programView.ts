import { readlinkSync } from "node:fs"
import path from "node:path"
import { lstatOrUndefined } from "../fs/lstatOrUndefined.js"

/** Where a system keeps its programs and libraries (Debian and others link most of them into /usr). */
const programFolders = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]

/** What the dynamic linker reads to find libraries; nothing else of /etc is shown. */
const linkerFiles = ["/etc/ld.so.cache"]

/**
 * The mounts of the "programs" view (see SandboxPolicy.view): the system's program and library
 * folders read-only (a top-level link such as /lib -> usr/lib made again as a link), the linker's
 * cache, and the folders of `programs` (absolute paths) that lie elsewhere. No /etc, /home, /run
 * or /tmp of the machine: no configuration, credentials or sockets.
 */
export function programMounts(programs: readonly string[]): string[] {
	const mounts: string[] = []
	const shown: string[] = []
	for (const folder of programFolders) {
		const stats = lstatOrUndefined(folder)
		if (stats?.isSymbolicLink()) mounts.push("--symlink", readlinkSync(folder), folder)
		else if (stats?.isDirectory()) {
			mounts.push("--ro-bind", folder, folder)
			shown.push(folder)
		}
	}
	for (const file of linkerFiles) if (lstatOrUndefined(file)?.isFile()) mounts.push("--ro-bind", file, file)
	for (const program of programs) {
		const folder = path.dirname(program)
		if (shown.some((known) => folder === known || folder.startsWith(`${known}/`))) continue
		mounts.push("--ro-bind", folder, folder)
		shown.push(folder)
	}
	return mounts
}
