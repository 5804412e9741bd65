import type { Stats } from "node:fs"
import path from "node:path"
import { lstatOrUndefined } from "../fs/lstatOrUndefined.js"

/** What the shadow repository says of paths, against the index the listing compares with. */
export interface PathRules {
	/** True when the index names a file or link at `relative`. */
	tracked(relative: string): Promise<boolean>
	/** Of `paths` (workspace-relative files), those git ignores. */
	ignored(paths: readonly string[]): Promise<ReadonlySet<string>>
}

/**
 * Names whose change can change what git lists elsewhere (its rules, a repository of its own):
 * only a whole listing says what follows.
 */
const listingRules = new Set([".gitignore", ".git", ".gitattributes", ".gitmodules"])

/**
 * Whether a change at `relative` changes which folders a listing looks into, or how git judges
 * what it finds there: a folder made, removed or replaced (`folders`, those watched, names the
 * folders that were there), or a file of git's rules.
 */
export function changesFolders(
	relative: string,
	workspaceRoot: string,
	folders: ReadonlySet<string>,
): boolean {
	return changesFoldersAs(relative, lstatOrUndefined(path.join(workspaceRoot, relative)), folders)
}

/** changesFolders, with what is at the path now (its lstat, undefined when nothing). */
function changesFoldersAs(relative: string, now: Stats | undefined, folders: ReadonlySet<string>): boolean {
	return (
		listingRules.has(path.posix.basename(relative)) ||
		folders.has(relative) ||
		now?.isDirectory() === true
	)
}

/**
 * The listing (`ls-files -z -t --others --modified --deleted --exclude-standard`, one "<tag>
 * <path>" an entry) as it would be now, from the one made against the same index when nothing but
 * `changed` has changed since: each changed path listed again as git would ("? " a file git does
 * not ignore that the index does not name, "C " one it names, "R " and "C " one it names that is
 * gone), the others' entries kept. A file the index names is listed as changed even when only its
 * stat changed: the checkpoint reads it again and finds the same bytes.
 *
 * Undefined when only a whole listing can say (see changesFolders).
 */
export async function listingFromChanges(
	previous: readonly string[],
	changed: ReadonlySet<string>,
	workspaceRoot: string,
	folders: ReadonlySet<string>,
	rules: PathRules,
): Promise<string[] | undefined> {
	const entries: string[] = []
	const untracked: string[] = []
	for (const relative of changed) {
		const now = lstatOrUndefined(path.join(workspaceRoot, relative))
		if (changesFoldersAs(relative, now, folders)) return undefined
		const tracked = await rules.tracked(relative)
		if (now === undefined) {
			if (tracked) entries.push(`R ${relative}`, `C ${relative}`)
		} else if (tracked) entries.push(`C ${relative}`)
		else untracked.push(relative)
	}
	const ignored = untracked.length > 0 ? await rules.ignored(untracked) : new Set<string>()
	for (const relative of untracked) if (!ignored.has(relative)) entries.push(`? ${relative}`)
	const kept = previous.filter((entry) => {
		const relative = entry.slice(2)
		return !changed.has(relative.endsWith("/") ? relative.slice(0, -1) : relative)
	})
	return [...kept, ...entries]
}
