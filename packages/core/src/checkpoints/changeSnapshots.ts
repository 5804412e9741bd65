import { lstatSync } from "node:fs"
import { readFile, readlink } from "node:fs/promises"
import path from "node:path"
import { atomicTempTarget } from "../fs/atomicWrite.js"
import { lstatOrUndefined } from "../fs/lstatOrUndefined.js"
import { linkedFolderCheck } from "./linkedFolders.js"
import { ignoreFiles } from "../workspace/ignoreRules.js"
import type { TrackingRules } from "./trackingRules.js"

/** A file as it was just before an announced change: git's mode and its bytes, or absent. */
export type FileBefore = { mode: "100644" | "100755" | "120000"; content: Buffer } | "absent"

/** The files one change was about to touch, as they were just before it; `seq` orders them. */
export interface ChangeSnapshot {
	seq: number
	files: Map<string, FileBefore>
}

/** Files whose change alters what the others mean to git or to the rules: the full staging judges those. */
const ruleFiles = new Set([".gitignore", ".gitattributes", ...ignoreFiles.map(({ name }) => name)])

/**
 * What the files a change is about to touch hold now (workspace-relative paths as keys), read
 * without git, so the change can go ahead at once and the checkpoint be staged behind it (see
 * SnapshotLog). Undefined when a path is one only the full staging can judge: outside the
 * workspace or in a `.git`, a rule file, excluded, too large, not a file or link, through a
 * linked folder, or in a folder holding its own repository.
 */
export async function readBeforeChange(
	workspaceRoot: string,
	rules: TrackingRules,
	absolutePaths: readonly string[],
): Promise<Map<string, FileBefore> | undefined> {
	const files = new Map<string, FileBefore>()
	const linkedFolder = linkedFolderCheck(workspaceRoot)
	for (const absolute of absolutePaths) {
		const relative = path.relative(workspaceRoot, absolute).split(path.sep).join("/")
		if (relative === "" || relative === ".." || relative.startsWith("../") || path.isAbsolute(relative))
			return undefined
		const segments = relative.split("/")
		if (segments.some((segment) => segment.toLowerCase() === ".git")) return undefined
		if (ruleFiles.has(segments.at(-1) ?? "")) return undefined
		if (rules.excludedBecause(relative) !== undefined) return undefined
		if (linkedFolder(relative)) return undefined
		if (inNestedRepository(workspaceRoot, segments)) return undefined
		const before = await readFileBefore(absolute, rules.sizeLimitBytes)
		if (before === undefined) return undefined
		files.set(relative, before)
	}
	return files
}

async function readFileBefore(absolute: string, sizeLimitBytes: number): Promise<FileBefore | undefined> {
	let stats
	try {
		stats = lstatSync(absolute, { throwIfNoEntry: false })
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOTDIR") return undefined
	}
	if (stats === undefined) return "absent"
	if (stats.isSymbolicLink())
		return { mode: "120000", content: await readlink(absolute, { encoding: "buffer" }) }
	if (!stats.isFile() || stats.size > sizeLimitBytes) return undefined
	const content = await readFile(absolute)
	// It grew past the limit between the two looks: the full staging decides.
	if (content.length > sizeLimitBytes) return undefined
	return { mode: (stats.mode & 0o111) !== 0 ? "100755" : "100644", content }
}

/** Whether a folder above the file (below the workspace's root) holds a repository of its own. */
function inNestedRepository(workspaceRoot: string, segments: readonly string[]): boolean {
	for (let i = 1; i < segments.length; i++) {
		const gitEntry = path.join(workspaceRoot, ...segments.slice(0, i), ".git")
		// Not readable or not a folder on the way: no repository there that git would see.
		if (lstatOrUndefined(gitEntry) !== undefined) return true
	}
	return false
}

/**
 * The snapshots taken since the oldest checkpoint still being staged. A checkpoint is staged
 * from the workspace's files after the changes announced since it may have started: each path a
 * later snapshot holds gets that path's content from the earliest such snapshot instead, which
 * is what it held when the checkpoint was taken (only announced changes happen in between: a
 * change whose paths are unknown waits until every checkpoint is staged).
 */
export class SnapshotLog {
	private nextSeq = 0
	private snapshots: ChangeSnapshot[] = []
	private readonly open = new Set<number>()

	/** A place in the order for a checkpoint about to be staged; `close` it once staged. */
	reserve(): number {
		const seq = this.nextSeq++
		this.open.add(seq)
		return seq
	}

	/** Records what a change is about to touch, at its checkpoint's place or a new one. */
	record(files: Map<string, FileBefore>, seq = this.nextSeq++): void {
		this.snapshots.push({ seq, files })
	}

	/** What each path held at checkpoint `seq`, for the paths changed since as far as known now. */
	heldAt(seq: number): Map<string, FileBefore> {
		const held = new Map<string, FileBefore>()
		// Taken in the order of their places, but read at different speeds: earliest place first.
		const ordered = [...this.snapshots].sort((a, b) => a.seq - b.seq)
		for (const snapshot of ordered)
			if (snapshot.seq >= seq)
				for (const [relative, before] of snapshot.files)
					if (!held.has(relative)) held.set(relative, before)
		return held
	}

	/** The checkpoint `seq` is staged: snapshots no open checkpoint needs are let go. */
	close(seq: number): void {
		this.open.delete(seq)
		const oldest = Math.min(...this.open)
		this.snapshots = this.snapshots.filter((snapshot) => snapshot.seq >= oldest)
	}

	/** Whether a checkpoint is still being staged. */
	get staging(): boolean {
		return this.open.size > 0
	}
}

/**
 * `held` with the temp files of its paths' writes (see writeFileAtomic) that `listedPaths` holds,
 * as absent: a change announced with its file writes through such a file beside it, which the
 * checkpoint staged behind the change may find still there; it was not there before the change.
 */
export function withWritesInFlight(
	held: Map<string, FileBefore>,
	listedPaths: Iterable<string>,
): Map<string, FileBefore> {
	if (held.size === 0) return held
	const withTemps = new Map(held)
	for (const relative of listedPaths) {
		const target = atomicTempTarget(path.posix.basename(relative))
		if (target === undefined || held.has(relative)) continue
		if (held.has(path.posix.join(path.posix.dirname(relative), target))) withTemps.set(relative, "absent")
	}
	return withTemps
}
