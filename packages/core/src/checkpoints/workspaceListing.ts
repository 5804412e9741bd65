import type { Stats } from "node:fs"
import path from "node:path"
import { lstatOrUndefined } from "../fs/lstatOrUndefined.js"
import type { StatSignature } from "../context/fileContext/fileFingerprint.js"
import type { FilesSeen } from "./knownBlobs.js"
import { linkedFolderCheck } from "./linkedFolders.js"
import type { NotKept } from "./shadowRepository.js"
import type { TrackingRules } from "./trackingRules.js"

/** What a staging's listing found (see ShadowRepository.list). */
export interface Listing extends FilesSeen {
	add: string[]
	remove: string[]
	notKept: NotKept
	listed: Map<string, string>
	plainFiles: Map<string, string>
	rulesChanged: boolean
}

const looksPerBatch = 256

/**
 * The shadow index's listing (`ls-files -z -t --others --modified --deleted`) judged against the
 * workspace as it is now and the tracking rules: the paths to read (with the mode and stat of each
 * regular file), the entries to drop, what is not kept, the tag of each listed path, and whether a
 * .gitignore changed.
 */
export async function judgeListing(
	listing: readonly string[],
	workspaceRoot: string,
	rules: TrackingRules,
): Promise<Omit<Listing, "rulesChanged"> & { gitignoreChanged: boolean }> {
	const listed = new Map<string, string>()
	const deleted = new Set<string>()
	const candidates = new Set<string>()
	const notKept: NotKept = { tooLarge: [], nestedRepositories: [] }
	let gitignoreChanged = false
	for (const entry of listing) {
		const tag = entry.slice(0, 1)
		const relative = entry.slice(2)
		listed.set(relative, tag)
		if (path.posix.basename(relative.replace(/\/$/, "")) === ".gitignore") gitignoreChanged = true
		if (tag === "R") deleted.add(relative)
		// "dir/" is a folder holding its own repository: never kept (its own git keeps it).
		else if (relative.endsWith("/")) notKept.nestedRepositories.push(relative)
		else candidates.add(relative)
	}
	const remove: string[] = [...deleted]
	const add: string[] = []
	const plainFiles = new Map<string, string>()
	const signatures = new Map<string, StatSignature>()
	const linkedFolder = linkedFolderCheck(workspaceRoot)
	const lookedAt = Date.now()
	const looked = [...candidates].filter((relative) => !deleted.has(relative))
	const seen: (Stats | undefined)[] = []
	for (const [i, relative] of looked.entries()) {
		// A command's checkpoint, which the command waits for, looks at every file the listing
		// names: synchronously, a few microseconds each, with the event loop let go between
		// batches so that a listing of thousands does not hold it.
		if (i > 0 && i % looksPerBatch === 0) await new Promise((resolve) => setImmediate(resolve))
		// A path through a folder that is now a link is gone from the work tree (the link replaced it).
		seen.push(linkedFolder(relative) ? undefined : lstatOrUndefined(path.join(workspaceRoot, relative)))
	}
	for (const [i, relative] of looked.entries()) {
		const stats = seen[i]
		if (stats === undefined) remove.push(relative)
		else if (!stats.isFile() && !stats.isSymbolicLink()) continue
		else if (rules.excludedBecause(relative, stats.isFile() ? stats.size : undefined) !== undefined) {
			remove.push(relative)
			if (rules.excludedBecause(relative) === undefined) notKept.tooLarge.push(relative)
		} else {
			add.push(relative)
			if (!stats.isFile()) continue
			plainFiles.set(relative, (stats.mode & 0o111) !== 0 ? "100755" : "100644")
			const { size, mtimeMs, ctimeMs, ino } = stats
			signatures.set(relative, { size, mtimeMs, ctimeMs, ino })
		}
	}
	return { add, remove, notKept, listed, plainFiles, signatures, lookedAt, gitignoreChanged }
}
