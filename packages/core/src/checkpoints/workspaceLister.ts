import { readFileSync, statfsSync } from "node:fs"
import type { GitSession } from "../git/gitSession.js"
import { nulFields } from "../git/gitOutput.js"
import { changesFolders, listingFromChanges } from "./listingFromChanges.js"
import type { ShadowGit } from "./shadowGit.js"
import { treeMode } from "./treeListing.js"
import type { TreeBuilder } from "./treeBuilder.js"
import { foldersToWatch } from "./watchedFolders.js"
import { settle, WorkspaceWatch, type WorkspaceChanges } from "../workspace/workspaceWatch.js"

const listingArgs = ["ls-files", "-z", "-t", "--others", "--modified", "--deleted", "--exclude-standard"]

/**
 * Git's rules for paths the index does not name, asked of a git that stays alive: `--no-index`,
 * as the index changes under it; `-v -n` answer every path (four fields), so each answer's end is
 * known. It reads the workspace's .gitignore files as it goes, so it is ended at every whole
 * listing (one follows any change to them), and the next question starts another.
 */
const ignoredArgs = ["check-ignore", "--no-index", "-z", "-v", "-n", "--stdin"]

/**
 * A whole listing at least this often, whatever the watch says: a change it cannot see (a file
 * written through a hard link from outside the workspace) waits no longer to be kept.
 */
const wholeListingEveryMs = 15_000

/** Past this many changed paths a listing of the whole workspace costs less than judging each one. */
const maxChangedPaths = 64

/**
 * More folders than this are listed whole each time: each one watched takes one of the person's
 * inotify watches, which their editor's own file watching needs far more of (a sixteenth at most).
 */
function maxWatchedFolders(): number {
	let limit = 8_192
	try {
		limit = Number(readFileSync("/proc/sys/fs/inotify/max_user_watches", "utf8")) || limit
	} catch {
		// The kernel's default then.
	}
	return Math.min(2_000, Math.floor(limit / 16))
}

/**
 * File systems (statfs types) whose every change inotify reports, whoever makes it: ext2-4,
 * btrfs, xfs, tmpfs, f2fs, zfs, overlay. A network or FUSE file system may change without a word.
 */
const watchableFileSystems = new Set([
	0xef53, 0x9123683e, 0x58465342, 0x01021994, 0xf2f52010, 0x2fc12fc1, 0x794c7630,
])

export interface WorkspaceListerOptions {
	/** Learn the changes from a watch of the workspace (Linux, local file systems only). */
	watch: boolean
}

/**
 * The listing every checkpoint starts from: what differs between the workspace and the shadow
 * index. Git lists the whole workspace (a process, a stat of every file); while a watch of the
 * workspace's folders has seen every change since the last listing against the same index, the
 * listing is that one with the changed paths judged again (listingFromChanges), and no git runs.
 */
export class WorkspaceLister {
	private readonly watch: WorkspaceWatch | undefined
	/** The last listing, against the index holding `tree`. */
	private last: { lines: string[]; tree: string; wholeAt: number } | undefined
	/** The watch's mark when the last listing began: what changed after it is not in that listing. */
	private mark = 0
	/** Git's rules for new paths, ended at each whole listing: it keeps the .gitignore files it read. */
	private ignoredSession: GitSession | undefined
	/** How the listings were made (for tests and benches). */
	readonly counts = { whole: 0, fromChanges: 0 }

	constructor(
		private readonly git: ShadowGit,
		private readonly workspaceRoot: string,
		private readonly trees: () => TreeBuilder,
		options: WorkspaceListerOptions,
	) {
		if (options.watch && process.platform === "linux" && onWatchableFileSystem(workspaceRoot))
			this.watch = new WorkspaceWatch(workspaceRoot)
	}

	/**
	 * The listing's entries ("<tag> <path>"); `tree` is the index's tree when this process knows
	 * it (see IndexBase), `rulesChanged` whether the rules git lists by changed since the last.
	 */
	async lines(tree: string | undefined, rulesChanged: boolean): Promise<string[]> {
		const fromChanges = rulesChanged ? undefined : await this.fromChanges(tree)
		if (fromChanges !== undefined && this.last !== undefined) {
			this.counts.fromChanges++
			this.last = { ...this.last, lines: fromChanges }
			return fromChanges
		}
		return this.whole(tree, rulesChanged)
	}

	close(): void {
		this.watch?.close()
	}

	/** The workspace's watch, for others to read (see WorkspaceChanges); undefined when there is none. */
	get changes(): WorkspaceChanges | undefined {
		return this.watch
	}

	private async fromChanges(tree: string | undefined): Promise<string[] | undefined> {
		const { watch, last } = this
		if (watch === undefined || last === undefined || tree !== last.tree) return undefined
		if (Date.now() - last.wholeAt > wholeListingEveryMs) return undefined
		await settle()
		const mark = watch.mark()
		const changed = watch.since(this.mark)
		if (changed.kind === "lost" || changed.paths.size > maxChangedPaths) return undefined
		if (changed.paths.size === 0) return last.lines
		// A git that fails here (a path it refuses, a git gone) leaves it to the whole listing, which says why.
		const lines = await listingFromChanges(last.lines, changed.paths, this.workspaceRoot, watch.folders, {
			tracked: async (relative) => {
				const entry = await this.trees().entryAt(tree, relative)
				return entry !== undefined && entry.mode !== treeMode
			},
			ignored: (paths) => this.ignored(paths),
		}).catch(() => undefined)
		if (lines !== undefined) this.mark = mark
		return lines
	}

	private async whole(tree: string | undefined, rulesChanged: boolean): Promise<string[]> {
		await this.ignoredSession?.close()
		if (this.watch !== undefined) {
			const folders = this.watch.folders
			const seen = this.watch.since(this.mark)
			const rewatch =
				tree !== undefined &&
				(rulesChanged ||
					seen.kind === "lost" ||
					[...seen.paths].some((relative) => changesFolders(relative, this.workspaceRoot, folders)))
			// Folders that cannot be walked or watched now are not: every listing is whole until they can.
			if (rewatch) await this.watchAgain().catch(() => this.watch?.close())
			this.mark = this.watch.mark()
		}
		const lines = nulFields(await this.git.list(listingArgs))
		this.counts.whole++
		this.last = tree === undefined ? undefined : { lines, tree, wholeAt: Date.now() }
		return lines
	}

	/**
	 * Watches the folders a listing looks into, walked twice: a folder made between the first walk
	 * and its parent's watch is in the second. Not watched when they keep changing or are too many.
	 */
	private async watchAgain(): Promise<void> {
		const watch = this.watch
		if (watch === undefined) return
		const rules = {
			tracked: await this.trackedFolders(),
			ignored: async (folders: readonly string[]) => {
				const ignored = await this.ignored(folders.map((folder) => `${folder}/`))
				return new Set([...ignored].map((folder) => folder.slice(0, -1)))
			},
		}
		const max = maxWatchedFolders()
		for (let attempt = 0; attempt < 3; attempt++) {
			const folders = await foldersToWatch(this.workspaceRoot, rules, max)
			if (folders === undefined || !watch.watch(folders)) break
			const again = await foldersToWatch(this.workspaceRoot, rules, max)
			if (
				again !== undefined &&
				again.length === folders.length &&
				again.every((f) => watch.folders.has(f))
			)
				return
		}
		watch.close()
	}

	/** Every folder of the index's tree (which the index names files in). */
	private async trackedFolders(): Promise<Set<string>> {
		const folders = new Set<string>()
		for (const file of nulFields(await this.git.run(["ls-files", "-z", "--cached"]))) {
			for (let at = file.indexOf("/"); at >= 0; at = file.indexOf("/", at + 1))
				folders.add(file.slice(0, at))
		}
		return folders
	}

	/** Of `paths`, those git's rules ignore (a folder's path ends in "/"). */
	private async ignored(paths: readonly string[]): Promise<Set<string>> {
		if (paths.length === 0) return new Set()
		this.ignoredSession ??= this.git.ownSession(ignoredArgs)
		const answer = await this.ignoredSession.askFor(
			paths.map((relative) => `${relative}\0`).join(""),
			(received) => {
				let end = 0
				for (let field = 0; field < paths.length * 4; field++) {
					const nul = received.indexOf(0, end)
					if (nul < 0) return undefined
					end = nul + 1
				}
				return end
			},
		)
		const fields = answer.toString("utf8").split("\0")
		const ignored = new Set<string>()
		// Each answer: the rule's source, its line, the pattern and the path; a path no rule matches has an empty source.
		for (let at = 0; at + 3 < fields.length; at += 4)
			if (fields[at] !== "" && fields[at + 2]?.startsWith("!") !== true)
				ignored.add(fields[at + 3] ?? "")
		return ignored
	}
}

function onWatchableFileSystem(folder: string): boolean {
	try {
		return watchableFileSystems.has(statfsSync(folder).type)
	} catch {
		return false
	}
}
