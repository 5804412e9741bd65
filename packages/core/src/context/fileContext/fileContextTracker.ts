import { lstatSync } from "node:fs"
import path from "node:path"
import type { CairnIgnore } from "../../workspace/ignoreRules.js"
import type { ResolvedPath } from "../../workspace/workspacePaths.js"
import { settle, type WatchedChanges, type WorkspaceChanges } from "../../workspace/workspaceWatch.js"
import type { FileContextRecorder } from "./fileContextRecorder.js"
import { savedFiles, type FileContextState } from "./fileContextState.js"
import {
	hashFile,
	sameSignature,
	signatureVouchesForContent,
	statSignature,
	type ContentHash,
	type StatSignature,
} from "./fileFingerprint.js"

/** Enough for the files a model actually works with; each turn stats them all. */
export const maxTrackedFiles = 100

/** A file the model has in context that someone else changed since. */
export interface FileChange {
	/** Workspace-relative, with "/" separators. */
	path: string
	kind: "changed" | "deleted"
}

/** Where the environment details learn of changes; see FileContextTracker.takeChanges. */
export interface FileChangeSource {
	takeChanges(ignore: CairnIgnore): Promise<FileChange[]>
}

interface TrackedFile {
	/** Joined once: every turn stats every tracked file. */
	absolute: string
	hash: ContentHash
	/** Undefined until a check finds a signature that proves the content unchanged while it stays. */
	signature?: StatSignature
	/**
	 * Set with the signature when the path is a file of its own (not a link, one name): a change
	 * to it is then a change in its folder, which a watch of that folder sees.
	 */
	watchable?: boolean
}

/**
 * Every file is stat'ed at least this often whatever the watch says: a change it cannot see (a
 * write through a hard link made since, or through a memory map) waits no longer to be told.
 */
const lookAtAllEveryMs = 15_000

/** What a check found; "unknown": it could not be checked now (no permission, an I/O error). */
type CheckOutcome =
	| { kind: "unchanged" | "changed" | "deleted" | "ignored" | "unknown" }
	/** Hashed again and the same: the signature (if it vouches) saves the hash next time. */
	| { kind: "confirmed"; signature: StatSignature | undefined }

const unchanged: CheckOutcome = { kind: "unchanged" }
const unknown: CheckOutcome = { kind: "unknown" }

export interface FileContextTrackerOptions {
	/** The state saved with the task (FileContextState, unvalidated), when it is resumed. */
	saved?: unknown
	/** Hears the state after a check that changed it, to save it with the task. */
	onStateChanged?: (state: FileContextState) => void
	maxFiles?: number
	/** The clock the time-stamp rule is judged by; tests move it. */
	now?: () => number
	/**
	 * A watch of the workspace's folders, when there is one now (the checkpoints' listing keeps
	 * one): a file it saw no change to since the last check is not stat'ed.
	 */
	changes?: () => WorkspaceChanges | undefined
}

/**
 * The files the model has in its context (read, or edited by Cairn) and the content it knows of
 * each. At each turn it finds which of them someone else changed since, to tell the model once.
 *
 * Finding out is cheap and exact: every file is stat'ed (synchronously: a stat takes
 * microseconds, and a hundred promises a turn cost more), and only one whose stat no longer
 * vouches for its content is hashed again, so a touch without a change is not reported. While a
 * watch of the workspace's folders vouches for a file's folder, and saw nothing of the file since
 * the last check, not even the stat is made.
 */
export class FileContextTracker implements FileContextRecorder, FileChangeSource {
	/** By workspace-relative path, least recently seen first. */
	private readonly files = new Map<string, TrackedFile>()
	private readonly maxFiles: number
	private readonly now: () => number
	/** Changed since the state was last handed to onStateChanged. */
	private unsaved = false
	/** The watch read at the last check, and its mark then. */
	private watched: { changes: WorkspaceChanges; mark: number } | undefined
	/** When every file was last stat'ed. */
	private allLookedAt = Number.NEGATIVE_INFINITY

	constructor(
		private readonly workspaceRoot: string,
		private readonly options: FileContextTrackerOptions = {},
	) {
		this.maxFiles = options.maxFiles ?? maxTrackedFiles
		this.now = options.now ?? Date.now
		for (const file of savedFiles(options.saved))
			this.files.set(file.path, {
				absolute: path.join(workspaceRoot, file.path),
				hash: file.hash,
				...(file.signature && { signature: file.signature }),
			})
		this.forgetOldest()
	}

	modelHasSeen(path: ResolvedPath, content: ContentHash): void {
		// Outside the workspace the person approved one read; watching that file goes beyond it.
		if (path.isOutsideWorkspace) return
		this.files.delete(path.relative)
		this.files.set(path.relative, { absolute: path.absolute, hash: content })
		this.forgetOldest()
		this.unsaved = true
	}

	/** Workspace-relative paths, least recently seen first. */
	get trackedPaths(): string[] {
		return [...this.files.keys()]
	}

	/**
	 * What is saved with the task: each file's hash, not its stat signature. The state is written
	 * again at nearly every turn, and signatures would double it; a resumed task hashes its files
	 * once instead (a signature saved by an earlier version is still trusted).
	 */
	get state(): FileContextState {
		return {
			version: 1,
			files: [...this.files].map(([relative, file]) => ({ path: relative, hash: file.hash })),
		}
	}

	/**
	 * The tracked files someone else changed or deleted since the model saw them. Each is reported
	 * once: it is no longer tracked until the model reads or edits it again. A file .cairnignore
	 * now blocks is dropped without being named.
	 */
	async takeChanges(ignore: CairnIgnore): Promise<FileChange[]> {
		// Before any stat: a signature vouches only for writes after this instant (see fileFingerprint).
		const checkedAt = this.now()
		const quiet = await this.quietSinceLastCheck(checkedAt)
		const checked = [...this.files]
		const outcomes: (CheckOutcome | StatSignature)[] = []
		const hashed: Promise<void>[] = []
		for (const [index, [relative, file]] of checked.entries()) {
			const outcome = this.look(relative, file, ignore, quiet)
			outcomes.push(outcome)
			if ("kind" in outcome) continue
			const rehash = this.hashAgain(file, outcome, checkedAt)
			hashed.push(rehash.then((found) => void (outcomes[index] = found)))
		}
		if (hashed.length > 0) await Promise.all(hashed)
		const changes: FileChange[] = []
		checked.forEach(([relative, file], index) => {
			const outcome = outcomes[index] as CheckOutcome
			// Seen again while it was checked: the newer record stands.
			if (this.files.get(relative) !== file) return
			switch (outcome.kind) {
				case "unchanged":
				case "unknown":
					return
				case "confirmed":
					// Only the signature changes, which is not saved (see `state`).
					this.files.set(relative, {
						absolute: file.absolute,
						hash: file.hash,
						...(outcome.signature && {
							signature: outcome.signature,
							watchable: ownFile(file.absolute, outcome.signature),
						}),
					})
					return
				case "ignored":
					this.files.delete(relative)
					break
				case "changed":
				case "deleted":
					this.files.delete(relative)
					changes.push({ path: relative, kind: outcome.kind })
			}
			this.unsaved = true
		})
		if (this.unsaved) {
			this.unsaved = false
			this.options.onStateChanged?.(this.state)
		}
		return changes
	}

	/**
	 * Which tracked paths the watch saw no change to since the last check (their folder watched
	 * throughout, nothing named at the path or a folder above it); undefined when it cannot say,
	 * and every 15 s. The mark is taken before any file is looked at: a change made while they are
	 * is named at the next check.
	 */
	private async quietSinceLastCheck(now: number): Promise<((relative: string) => boolean) | undefined> {
		const changes = this.options.changes?.()
		if (changes === undefined || changes.root !== this.workspaceRoot) return undefined
		await settle()
		const last = this.watched
		const seen: WatchedChanges = last?.changes === changes ? changes.since(last.mark) : { kind: "lost" }
		this.watched = { changes, mark: changes.mark() }
		if (seen.kind === "lost" || now - this.allLookedAt >= lookAtAllEveryMs) {
			this.allLookedAt = now
			return undefined
		}
		const { folders } = changes
		return (relative) => {
			if (seen.paths.has(relative)) return false
			for (let at = relative.indexOf("/"); at >= 0; at = relative.indexOf("/", at + 1))
				if (seen.paths.has(relative.slice(0, at))) return false
			const slash = relative.lastIndexOf("/")
			return folders.has(slash < 0 ? "" : relative.slice(0, slash))
		}
	}

	/** The outcome when the stat decides it, else the signature the content must be hashed under. */
	private look(
		relative: string,
		file: TrackedFile,
		ignore: CairnIgnore,
		quiet: ((relative: string) => boolean) | undefined,
	): CheckOutcome | StatSignature {
		if (!ignore.isAllowed(relative)) return { kind: "ignored" }
		if (file.watchable === true && quiet?.(relative) === true) return unchanged
		try {
			const signature = statSignature(file.absolute)
			if (signature === "gone") return { kind: "deleted" }
			if (file.signature !== undefined && sameSignature(file.signature, signature)) return unchanged
			return signature
		} catch {
			return unknown
		}
	}

	private async hashAgain(
		file: TrackedFile,
		signature: StatSignature,
		checkedAt: number,
	): Promise<CheckOutcome> {
		try {
			const hash = await hashFile(file.absolute, signature.size)
			if (hash === undefined) return { kind: "deleted" }
			if (hash !== file.hash) return { kind: "changed" }
			return {
				kind: "confirmed",
				signature: signatureVouchesForContent(signature, checkedAt) ? signature : undefined,
			}
		} catch {
			return unknown
		}
	}

	private forgetOldest(): void {
		for (const relative of this.files.keys()) {
			if (this.files.size <= this.maxFiles) return
			this.files.delete(relative)
		}
	}
}

/**
 * Whether the file at `absolute` is one whose every change its folder's watch sees: not a link
 * (its target may be elsewhere), one name only (a hard link elsewhere changes it unseen), and
 * the same file the signature was taken of.
 */
function ownFile(absolute: string, signature: StatSignature): boolean {
	try {
		const own = lstatSync(absolute)
		return own.isFile() && own.nlink === 1 && own.ino === signature.ino
	} catch {
		return false
	}
}
