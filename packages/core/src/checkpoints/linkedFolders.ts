import path from "node:path"
import { lstatOrUndefined } from "../fs/lstatOrUndefined.js"

/**
 * Tells whether a folder above a path is a symbolic link, looking each folder up once. The look
 * is synchronous: it is one lstat of microseconds per folder, where a trip through the thread
 * pool costs several times that in CPU at every checkpoint.
 */
export function linkedFolderCheck(root: string): (relative: string) => boolean {
	const folders = new Map<string, boolean>()
	const isLink = (folder: string): boolean => {
		let known = folders.get(folder)
		if (known === undefined) {
			known = lstatOrUndefined(path.join(root, folder))?.isSymbolicLink() ?? false
			folders.set(folder, known)
		}
		return known
	}
	return (relative) => {
		const segments = relative.split("/").slice(0, -1)
		for (let i = 1; i <= segments.length; i++) if (isLink(segments.slice(0, i).join("/"))) return true
		return false
	}
}
