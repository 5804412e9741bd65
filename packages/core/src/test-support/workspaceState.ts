import { createHash } from "node:crypto"
import { lstat, readdir, readFile, readlink } from "node:fs/promises"
import path from "node:path"

/** A file or link as a test compares it: bytes (or link target) and the owner's executable bit. */
export type Entry = { kind: "file"; content: Buffer; executable: boolean } | { kind: "link"; target: string }

/**
 * Every file and link of a folder by "/"-separated relative path, folders themselves left out
 * (git keeps no folders). `skip` leaves out whole subtrees (the workspace's `.git`).
 */
export async function captureTree(
	root: string,
	skip: (relative: string) => boolean,
): Promise<Map<string, Entry>> {
	const entries = new Map<string, Entry>()
	const walk = async (folder: string): Promise<void> => {
		for (const name of await readdir(path.join(root, folder))) {
			const relative = folder === "" ? name : `${folder}/${name}`
			if (skip(relative)) continue
			const absolute = path.join(root, relative)
			const stats = await lstat(absolute)
			if (stats.isSymbolicLink())
				entries.set(relative, { kind: "link", target: await readlink(absolute) })
			else if (stats.isDirectory()) await walk(relative)
			else
				entries.set(relative, {
					kind: "file",
					content: await readFile(absolute),
					executable: (stats.mode & 0o100) !== 0,
				})
		}
	}
	await walk("")
	return entries
}

export function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
	if (a === undefined || b === undefined) return a === b
	if (a.kind === "link") return b.kind === "link" && a.target === b.target
	return b.kind === "file" && a.executable === b.executable && a.content.equals(b.content)
}

export function describeEntry(entry: Entry | undefined): string {
	if (entry === undefined) return "absent"
	if (entry.kind === "link") return `link -> ${entry.target}`
	return `file (${entry.content.length} bytes${entry.executable ? ", executable" : ""}) ${JSON.stringify(entry.content.subarray(0, 40).toString("utf8"))}`
}

/** A digest of every byte, name and mode under a folder: equal digests mean nothing in it changed. */
export async function folderDigest(root: string): Promise<string> {
	const hash = createHash("sha256")
	const walk = async (folder: string): Promise<void> => {
		for (const name of (await readdir(path.join(root, folder))).sort()) {
			const relative = `${folder}/${name}`
			const stats = await lstat(path.join(root, relative))
			hash.update(`${relative}\0${stats.mode}\0${stats.mtimeMs}\0`)
			if (stats.isDirectory()) await walk(relative)
			else if (stats.isSymbolicLink()) hash.update(await readlink(path.join(root, relative)))
			else hash.update(await readFile(path.join(root, relative)))
		}
	}
	await walk("")
	return hash.digest("hex")
}
