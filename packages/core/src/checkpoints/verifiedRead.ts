import { constants } from "node:fs"
import { lstat, open, readlink, realpath } from "node:fs/promises"
import path from "node:path"
import { linkedFolderCheck } from "./linkedFolders.js"

/**
 * A workspace path as the host read it: a file's mode and bytes or a link's target, "gone" (nothing
 * there, not a file or link, or beyond a linked folder) or "changed" (it changed while read).
 */
export type ReadEntry = { mode: string; content: Buffer } | "gone" | "changed"

type Identity = { dev: bigint; ino: bigint }

const sameFile = (a: Identity, b: Identity) => a.dev === b.dev && a.ino === b.ino

/**
 * Reads a workspace path for a checkpoint without git, where git cannot be confined (see
 * confineGit), so that a file swapped for a link, or a folder above it swapped for a link, between
 * the look at it and the read cannot bring a file from outside the workspace in. The file is
 * opened without following a link (O_NOFOLLOW) and must be the very file the look saw (device
 * and inode); after the read, it must still be the file at that path in the workspace: on Linux
 * by the kernel's own name for what was opened (/proc/self/fd), elsewhere by the path leading to
 * it again through no linked folder.
 */
export async function readInWorkspace(root: string, relative: string): Promise<ReadEntry> {
	const file = path.join(root, relative)
	if (linkedFolderCheck(root)(relative)) return "gone"
	const seen = await lstat(file, { bigint: true }).catch(() => undefined)
	if (seen === undefined) return "gone"
	if (seen.isSymbolicLink()) {
		// A link's own target, never what it leads to; a file put in its place fails the call.
		const target = await readlink(file, { encoding: "buffer" }).catch(() => undefined)
		return target === undefined ? "changed" : { mode: "120000", content: target }
	}
	if (!seen.isFile()) return "gone"
	const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
		() => undefined,
	)
	if (handle === undefined) return "changed"
	try {
		const opened = await handle.stat({ bigint: true })
		if (!opened.isFile() || !sameFile(seen, opened)) return "changed"
		const content = await handle.readFile()
		if (!(await stillThere(root, relative, handle.fd, opened))) return "changed"
		return { mode: (opened.mode & 0o111n) !== 0n ? "100755" : "100644", content }
	} finally {
		await handle.close()
	}
}

/** Whether the open file `fd` is the one at `relative` in the workspace now. */
async function stillThere(root: string, relative: string, fd: number, opened: Identity): Promise<boolean> {
	if (process.platform === "linux") {
		const name = await readlink(`/proc/self/fd/${fd}`).catch(() => undefined)
		if (name !== undefined) return name === path.join(await realpath(root), relative)
	}
	const now = await lstat(path.join(root, relative), { bigint: true }).catch(() => undefined)
	return now !== undefined && sameFile(now, opened) && !linkedFolderCheck(root)(relative)
}
