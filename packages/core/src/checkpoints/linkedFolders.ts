import { lstat } from "node:fs/promises"
import path from "node:path"

/** Tells whether a folder above a path is a symbolic link, looking each folder up once. */
export function linkedFolderCheck(root: string): (relative: string) => Promise<boolean> {
	const folders = new Map<string, Promise<boolean>>()
	const isLink = (folder: string): Promise<boolean> => {
		let known = folders.get(folder)
		if (known === undefined) {
			known = lstat(path.join(root, folder)).then(
				(stats) => stats.isSymbolicLink(),
				() => false,
			)
			folders.set(folder, known)
		}
		return known
	}
	return async (relative) => {
		const segments = relative.split("/").slice(0, -1)
		for (let i = 1; i <= segments.length; i++)
			if (await isLink(segments.slice(0, i).join("/"))) return true
		return false
	}
}
