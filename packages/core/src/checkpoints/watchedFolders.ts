import { lstatSync, readdirSync } from "node:fs"
import path from "node:path"

/** What the shadow repository says of the workspace's folders. */
export interface FolderRules {
	/** Every folder (workspace-relative) of the index's tree. */
	tracked: ReadonlySet<string>
	/** Of `folders` (workspace-relative), those git ignores. */
	ignored(folders: readonly string[]): Promise<ReadonlySet<string>>
}

/**
 * The folders a listing of the workspace looks into, which a watch has to cover: the root, every
 * folder of the index's tree, and every folder git does not ignore, but a folder holding a
 * repository of its own (git names it, not its files) and `.git`. Undefined when there are more
 * than `max`, when one is on another file system than the root (a mount, whose changes may come
 * from elsewhere), or when one cannot be read.
 */
export async function foldersToWatch(
	root: string,
	rules: FolderRules,
	max: number,
): Promise<string[] | undefined> {
	const device = lstatSync(root).dev
	const found: string[] = []
	let level = [""]
	while (level.length > 0) {
		const below: string[] = []
		for (const folder of level) {
			let names: string[]
			try {
				names = readdirSync(folder === "" ? root : path.join(root, folder), { withFileTypes: true })
					.filter((entry) => entry.isDirectory() || entry.name === ".git")
					.map((entry) => entry.name)
			} catch {
				return undefined
			}
			if (folder !== "" && names.includes(".git") && !rules.tracked.has(folder)) continue
			found.push(folder)
			if (found.length > max) return undefined
			for (const name of names)
				if (name !== ".git") below.push(folder === "" ? name : `${folder}/${name}`)
		}
		const ignored = await rules.ignored(below.filter((folder) => !rules.tracked.has(folder)))
		level = []
		for (const folder of below) {
			if (ignored.has(folder)) continue
			try {
				if (lstatSync(path.join(root, folder)).dev !== device) return undefined
			} catch {
				return undefined
			}
			level.push(folder)
		}
	}
	return found
}
