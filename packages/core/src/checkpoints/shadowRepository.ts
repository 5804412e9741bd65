import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { lstat, mkdir, readFile, realpath, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { GitError } from "../git/gitError.js"
import type { GitSession } from "../git/gitSession.js"
import { isObjectId, nulFields } from "../git/gitOutput.js"
import { withWritesInFlight, type FileBefore } from "./changeSnapshots.js"
import { objectId, writeCommit } from "./commitObject.js"
import { LooseObjects } from "./looseObjects.js"
import { checkpointObjects, type CheckpointObjects } from "./checkpointObjects.js"
import { writeLooseRef } from "./looseRefs.js"
import { confineGit } from "./confinedGit.js"
import { ShadowGit } from "./shadowGit.js"
import { judgeListing, type Listing } from "./workspaceListing.js"
import { addToIndexAsRead, treeEntriesAsRead } from "./hostReads.js"
import { IndexBase } from "./indexBase.js"
import { KnownBlobs } from "./knownBlobs.js"
import { TrackingRules } from "./trackingRules.js"
import { TreeBuilder, type TreeEntryChange } from "./treeBuilder.js"
import { WorkspaceLister } from "./workspaceLister.js"

/**
 * Attributes for every path, taking precedence over any `.gitattributes` in the workspace: no
 * line-ending conversion, filter, `$Id$` expansion or re-encoding, so a checkpoint holds the
 * file's bytes exactly and a restore writes them back exactly.
 */
const exactBytesAttributes = "* -text -filter -ident -working-tree-encoding !eol !diff !merge\n"

/** One path that differs between two states, as git's raw diff gives it. */
export interface TreeChange {
	/** Workspace-relative, "/"-separated. */
	path: string
	status: "added" | "modified" | "deleted"
	/** Git's mode and blob id on each side; "000000" / all zeros where the path is absent. */
	before: { mode: string; blob: string }
	after: { mode: string; blob: string }
}

export const absentMode = "000000"

/** Files a snapshot saw but did not keep: too large, or in folders that hold their own repository ("dir/"). */
export interface NotKept {
	tooLarge: string[]
	nestedRepositories: string[]
}

const notKeptHeader = "Cairn-Not-Kept:"

export interface ShadowRepositoryOptions {
	workspaceRoot: string
	/** Cairn's storage folder; the repository lives in `checkpoints/<workspace hash>/` under it. */
	storageDir: string
	/** Files larger than this are not kept. */
	sizeLimitBytes: number
	/** How long one git may run (see shadowGitTimeoutMs). */
	gitTimeoutMs?: number
	/** The bubblewrap that confines the repository's gits (see confineGit); "bwrap" on PATH by default. */
	bwrapPath?: string
	/**
	 * Called once a checkpoint has looked at the files it will read and before their content is
	 * read: where tests change a file at the worst moment, without timing.
	 */
	beforeContentRead?: (paths: readonly string[]) => Promise<void>
	/** Learn what changed from a watch of the workspace's folders where it can (see WorkspaceLister); on by default. */
	watchWorkspace?: boolean
}

/**
 * A git repository of its own, under Cairn's storage, whose work tree is the workspace. It
 * keeps the workspace's files as commits (checkpoints) without ever reading or writing the
 * workspace's `.git`: git is always told which git folder to use, and `.git` entries are
 * never part of a work tree. Callers serialise its operations (CheckpointStore does).
 */
export class ShadowRepository {
	private excludeWritten: string | undefined
	/** The rules last loaded, whose matchers the next load reuses where the files are unchanged. */
	private lastRules: TrackingRules | undefined
	private readonly indexBase: IndexBase
	private builder: { objects: GitSession; builder: TreeBuilder } | undefined
	/** What differs between the workspace and the index, at each checkpoint. */
	readonly lister: WorkspaceLister
	private readonly knownBlobs = new KnownBlobs()

	private constructor(
		readonly git: ShadowGit,
		readonly workspaceRoot: string,
		private readonly sizeLimitBytes: number,
		/** Its gits see the workspace from inside bubblewrap; otherwise the host reads the files itself. */
		readonly confined: boolean,
		private readonly beforeContentRead: (paths: readonly string[]) => Promise<void>,
		/** Where the host writes the objects it makes: commits, and the bytes it read or kept. */
		private readonly looseObjects: LooseObjects,
		/** Where it writes a checkpoint's trees and commit: packed (see PackedTrees), or loose where none can be. */
		private readonly written: CheckpointObjects,
		watchWorkspace: boolean,
	) {
		this.indexBase = new IndexBase(git.gitDir)
		this.lister = new WorkspaceLister(git, workspaceRoot, () => this.treeBuilder(), {
			watch: watchWorkspace,
		})
	}

	/** Where a workspace's shadow repository lives: one per workspace folder (resolved), shared by its tasks. */
	static async folderFor(storageDir: string, workspaceRoot: string): Promise<string> {
		const resolved = await realpath(workspaceRoot).catch(() => path.resolve(workspaceRoot))
		const id = createHash("sha256").update(resolved).digest("hex").slice(0, 16)
		return path.join(storageDir, "checkpoints", id)
	}

	/** Opens the workspace's shadow repository, creating it the first time. Throws GitError when git cannot. */
	static async open(options: ShadowRepositoryOptions): Promise<ShadowRepository> {
		const folder = await ShadowRepository.folderFor(options.storageDir, options.workspaceRoot)
		const gitDir = path.join(folder, "git")
		await mkdir(folder, { recursive: true })
		const wrap = await confineGit(options.bwrapPath ?? "bwrap", options.workspaceRoot, folder)
		const git = new ShadowGit(gitDir, options.workspaceRoot, options.gitTimeoutMs, wrap)
		const exists = await lstat(path.join(gitDir, "HEAD")).then(
			() => true,
			() => false,
		)
		if (!exists) {
			await writeFile(
				path.join(folder, "workspace.json"),
				`${JSON.stringify({ workspace: options.workspaceRoot }, null, "\t")}\n`,
			)
			await git.run(["init", "--quiet"])
		}
		// A damaged repository fails here, before any task relies on it.
		const format = LooseObjects.formatOf(await git.text(["rev-parse", "--show-object-format"]))
		await mkdir(path.join(gitDir, "info"), { recursive: true })
		await writeFile(path.join(gitDir, "info", "attributes"), exactBytesAttributes)
		// A lock left by a git killed mid-write; the caller holds the repository's lock, so it is stale.
		await rm(path.join(gitDir, "index.lock"), { force: true })
		const looseObjects = new LooseObjects(path.join(gitDir, "objects"), format)
		const written = checkpointObjects(folder, format, git, looseObjects)
		// Trees a process that died (or let the lock go) was still packing.
		await written.packed?.sealAll()
		return new ShadowRepository(
			git,
			options.workspaceRoot,
			options.sizeLimitBytes,
			wrap !== undefined,
			options.beforeContentRead ?? (async () => {}),
			looseObjects,
			written,
			options.watchWorkspace ?? true,
		)
	}

	/** Leaves every checkpoint's tree readable by git (the store is closing). */
	async close(): Promise<void> {
		this.lister.close()
		await this.written.packed?.sealAll()
	}

	get gitDir(): string {
		return this.git.gitDir
	}

	/** The rules in force now (the workspace's .cairnignore may have changed). */
	async rules(): Promise<TrackingRules> {
		this.lastRules = await TrackingRules.load(this.workspaceRoot, this.sizeLimitBytes, this.lastRules)
		return this.lastRules
	}

	/**
	 * The tree of the workspace's files as they are now (kept in the repository). Only what changed
	 * since the last call is read.
	 */
	async snapshotTree(): Promise<string> {
		return (await this.stageTree()).tree
	}

	/**
	 * Records the workspace as it is now as a commit after the one `ref` points at (the task's
	 * previous checkpoint), moves `ref` to it and returns it. What was there but not kept goes in
	 * the message, so a restore knows those files existed then.
	 *
	 * `heldBefore` gives, once the workspace's files have been read, what the paths changed since
	 * the checkpoint began held then (see SnapshotLog): those entries are theirs, not the files'.
	 * `staged` is called once the checkpoint's content is in the repository (its objects are
	 * written, or the index names them): from then on the workspace may change without changing
	 * this checkpoint, so a change waiting for it can go ahead while the tree, commit and ref are
	 * written by the repository's long-lived gits.
	 */
	async commitWorkspace(
		ref: string,
		title: string,
		staged?: () => void,
		heldBefore?: () => Map<string, FileBefore>,
	): Promise<string> {
		const { tree, notKept } = await this.stageTree(staged, heldBefore)
		const parent = await this.resolveRef(ref)
		const message = [title, "", notKeptHeader, JSON.stringify(notKept)].join("\n")
		const commit = await writeCommit(this.written.commit, tree, parent, message)
		writeLooseRef(this.gitDir, ref, commit)
		if (this.written.packed?.full === true) await this.written.packed.sealAll()
		return commit
	}

	/**
	 * Keeps the workspace's files as they are now and returns their tree. The index is git's record
	 * of the files (what each held when last read, by their stat): the listing names only the paths
	 * that differ from it. While the index holds a tree this process knows and the listing names
	 * few plain files, their content is written by the long-lived hash-object and the tree built
	 * from the index's tree and those paths, by long-lived gits: no process starts but the listing
	 * (not even that while a watch of the workspace names what changed, see WorkspaceLister), and
	 * the index is not written. Otherwise (the first time, many paths, links, rules changed, a file
	 * gone while it was read) the index is brought up to the files and the tree written from it.
	 */
	private async stageTree(
		staged?: () => void,
		heldBefore?: () => Map<string, FileBefore>,
	): Promise<{ tree: string; notKept: NotKept }> {
		const base = await this.indexBase.tree()
		const listing = await this.list(base)
		const { add, remove, notKept, listed } = listing
		const heldNow = () =>
			withWritesInFlight(heldBefore?.() ?? new Map<string, FileBefore>(), listed.keys())
		const heldSoFar = heldNow()
		const fromFiles = add.filter((relative) => !heldSoFar.has(relative))
		await this.beforeContentRead(fromFiles)
		const fromListing =
			base !== undefined &&
			!listing.rulesChanged &&
			fromFiles.length + remove.length <= maxPathsFromListing &&
			// hash-object reads a path a line: a name with a line break goes through the index.
			fromFiles.every(
				(relative) =>
					listing.plainFiles.has(relative) &&
					!path.join(this.workspaceRoot, relative).includes("\n"),
			)
		const hashed = fromListing
			? await this.knownBlobs.entries(fromFiles, listing, (paths) =>
					this.hashFiles(paths, listing.plainFiles),
				)
			: undefined
		if (hashed === undefined) {
			if (remove.length > 0)
				await this.git.run(["update-index", "-z", "--force-remove", "--stdin"], {
					input: nulJoin(remove),
				})
			if (fromFiles.length > 0) await this.addFromFiles(fromFiles)
		}
		// Asked again once git has read the files: a change announced meanwhile may have been read.
		const held = heldNow()
		const heldEntries = held.size > 0 ? await this.heldEntries(held, listed) : []
		notKept.tooLarge = notKept.tooLarge.filter((relative) => !held.has(relative))
		if (hashed !== undefined && base !== undefined) {
			staged?.()
			const changes = [
				...remove.map((relative) => ({ path: relative, entry: undefined })),
				...hashed.filter((change) => !held.has(change.path)),
				...heldEntries,
			]
			return { tree: await this.treeBuilder().build(base, changes), notKept }
		}
		const info = heldEntries.flatMap(({ path: relative, entry }) => {
			if (entry !== undefined) return [`${entry.mode} ${entry.id}\t${relative}\0`]
			// A file the change created that the listing calls untracked: the index has no entry to drop.
			return listed.get(relative) === "?" ? [] : [`0 ${"0".repeat(40)}\t${relative}\0`]
		})
		if (info.length > 0)
			await this.git.run(["update-index", "-z", "--index-info"], { input: info.join("") })
		staged?.()
		const tree = (await this.git.text(["write-tree"])).trim()
		await this.indexBase.record(tree)
		return { tree, notKept }
	}

	/**
	 * Brings the index entries of `paths` up to the files. A file that goes between git's look at
	 * it and its read (a tool's temporary file renamed away) fails the whole update-index; asked
	 * again, git sees it gone and drops its entry (`--remove`). Seen once in 1,000 turns of the
	 * loop benchmark, so a few attempts, only while a listed file is gone.
	 */
	private async addFromFiles(paths: readonly string[]): Promise<void> {
		if (!this.confined)
			return addToIndexAsRead(this.git, this.workspaceRoot, paths, (contents) =>
				this.writeBlobs(contents),
			)
		for (let attempt = 1; ; attempt++) {
			try {
				await this.git.run(addArgs, { input: nulJoin(paths) })
				return
			} catch (error) {
				if (!(error instanceof GitError) || attempt === 3) throw error
				const gone = await Promise.all(
					paths.map((relative) =>
						lstat(path.join(this.workspaceRoot, relative)).then(
							() => false,
							() => true,
						),
					),
				)
				if (!gone.includes(true)) throw error
			}
		}
	}

	/**
	 * Writes the workspace's files at `paths` as blobs, in the long-lived hash-object; their tree
	 * entries, or undefined when one could not be read as it was listed (gone, or no longer a file):
	 * then only the index can judge.
	 */
	private async hashFiles(
		paths: readonly string[],
		modes: ReadonlyMap<string, string>,
	): Promise<TreeEntryChange[] | undefined> {
		if (paths.length === 0) return []
		if (!this.confined)
			return treeEntriesAsRead(this.workspaceRoot, paths, modes, (contents) =>
				this.writeBlobs(contents),
			)
		const ids = await this.git
			.session(blobWriterArgs)
			.ask(
				paths.map((relative) => `${path.join(this.workspaceRoot, relative)}\n`).join(""),
				paths.length,
			)
			.catch((error: unknown) => {
				if (error instanceof GitError) return undefined
				throw error
			})
		if (ids === undefined) return undefined
		return paths.map((relative, i) => ({
			path: relative,
			entry: { mode: modes.get(relative) ?? "100644", id: objectId(ids[i], "blob") },
		}))
	}

	/** One per long-lived reader of objects: a new one (restarted) gets a new builder. */
	private treeBuilder(): TreeBuilder {
		const objects = this.git.session(["cat-file", "--batch"])
		if (this.builder?.objects !== objects)
			this.builder = { objects, builder: new TreeBuilder(objects, this.written.trees) }
		return this.builder.builder
	}

	/**
	 * The entries of paths as they held before a change: their content written as blobs (from
	 * files of Cairn's own: the workspace's may have changed since), or none. A file git ignores
	 * that the index did not name stays out, as a staging from the files leaves it. `listed` is what
	 * the staging's listing said of each path it named.
	 */
	private async heldEntries(
		held: Map<string, FileBefore>,
		listed: Map<string, string>,
	): Promise<TreeEntryChange[]> {
		const present = [...held].flatMap(([relative, before]) =>
			before === "absent" ? [] : [{ relative, before }],
		)
		// Unnamed by the listing: tracked and unchanged, or ignored (git says which).
		const ignored = await this.gitIgnoredUntracked(
			present.filter(({ relative }) => !listed.has(relative)).map(({ relative }) => relative),
		)
		const kept = present.filter(({ relative }) => !ignored.has(relative))
		const blobs = await this.writeBlobs(kept.map(({ before }) => before.content))
		return [...held.keys()].flatMap((relative) => {
			if (ignored.has(relative)) return []
			const at = kept.findIndex((entry) => entry.relative === relative)
			const entry = kept[at]
			const id = blobs[at]
			return [
				{
					path: relative,
					entry:
						entry === undefined || id === undefined ? undefined : { mode: entry.before.mode, id },
				},
			]
		})
	}

	/** Writes each content as a blob; returns their ids in order. */
	private writeBlobs(contents: readonly Buffer[]): Promise<string[]> {
		return Promise.all(contents.map((content) => this.looseObjects.write("blob", content)))
	}

	/** Of `paths`, those git ignores that the index does not name. */
	private async gitIgnoredUntracked(paths: readonly string[]): Promise<Set<string>> {
		if (paths.length === 0) return new Set()
		const output = await this.git.run(["check-ignore", "-z", "--stdin"], {
			input: nulJoin(paths),
			okExitCodes: [1],
		})
		return new Set(nulFields(output))
	}

	/**
	 * What differs between the workspace and the index: the paths to read (with the mode of each
	 * regular file), the index entries to drop, what it saw but does not keep, what the listing
	 * said of each path it named, and whether the rules changed (then every tracked path is judged
	 * again, and only the index can say which are tracked).
	 */
	private async list(base: string | undefined): Promise<Listing> {
		const rules = await this.rules()
		const excludesChanged = await this.writeExcludes(rules)
		const listing = await this.lister.lines(base, excludesChanged)
		const judged = await judgeListing(listing, this.workspaceRoot, rules)
		const rulesChanged = excludesChanged || judged.gitignoreChanged
		if (rulesChanged) judged.remove.push(...(await this.trackedButExcluded(rules)))
		return { ...judged, rulesChanged }
	}

	/** What a checkpoint saw but did not keep (empty for a commit without the record). */
	async notKeptAt(commit: string): Promise<NotKept> {
		const text = await this.git.text(["cat-file", "commit", commit])
		const at = text.indexOf(`\n${notKeptHeader}\n`)
		if (at < 0) return { tooLarge: [], nestedRepositories: [] }
		try {
			const parsed = JSON.parse(
				text.slice(at + notKeptHeader.length + 2).split("\n")[0] ?? "",
			) as NotKept
			return { tooLarge: parsed.tooLarge ?? [], nestedRepositories: parsed.nestedRepositories ?? [] }
		} catch {
			return { tooLarge: [], nestedRepositories: [] }
		}
	}

	async deleteRef(ref: string): Promise<void> {
		await this.git.run(["update-ref", "-d", ref], { okExitCodes: [1] })
	}

	/**
	 * The commit `ref` points at, or undefined. Git keeps a ref it just updated as a file of its
	 * own ("loose"), read here without starting a git (one per checkpoint saved, and starting a
	 * process costs the host more the more memory it holds); any other form (packed, symbolic,
	 * missing) is left to git.
	 */
	async resolveRef(ref: string): Promise<string | undefined> {
		// Read synchronously: a few dozen bytes, each checkpoint.
		const loose = textOrEmpty(path.join(this.gitDir, ...ref.split("/")))
		if (loose.endsWith("\n") && isObjectId(loose.slice(0, -1))) return loose.slice(0, -1)
		const { code, stdout } = await this.git.exec(
			["rev-parse", "--verify", "--quiet", `${ref}^{commit}`],
			{
				okExitCodes: [1],
			},
		)
		return code === 0 ? stdout.toString("utf8").trim() : undefined
	}

	/**
	 * Each task's first checkpoint (the root of its chain under `refsPrefix`), with the second it
	 * was saved and the task's id (the ref's last part), in one git.
	 */
	async chainStarts(refsPrefix: string): Promise<{ id: string; commit: string; savedAt: number }[]> {
		const lines = await this.git.text([
			"log",
			"--max-parents=0",
			"--source",
			"--format=%H %ct %S",
			`--glob=${refsPrefix}*`,
		])
		return lines.split("\n").flatMap((line) => {
			const [commit, seconds, ref] = line.split(" ")
			if (commit === undefined || seconds === undefined || !ref?.startsWith(refsPrefix)) return []
			return [{ id: ref.slice(refsPrefix.length), commit, savedAt: Number(seconds) }]
		})
	}

	/** The second `commit` was saved. */
	async savedAt(commit: string): Promise<number> {
		return Number((await this.git.text(["show", "-s", "--format=%ct", commit])).trim())
	}

	/** True when `commit` is a commit of this repository. */
	async hasCommit(commit: string): Promise<boolean> {
		const { code } = await this.git.exec(["cat-file", "-e", `${commit}^{commit}`], {
			okExitCodes: [1, 128],
		})
		return code === 0
	}

	/** Every path that differs from `from` to `to` (commits or trees). */
	async changes(from: string, to: string): Promise<TreeChange[]> {
		const fields = nulFields(
			await this.git.run(["diff-tree", "-r", "-z", "--no-renames", "--raw", from, to]),
		)
		const changes: TreeChange[] = []
		for (let i = 0; i + 1 < fields.length; i += 2) {
			const [modeA, modeB, blobA, blobB, status] = (fields[i] ?? "").replace(/^:/, "").split(" ")
			const relative = fields[i + 1] ?? ""
			if (modeA === undefined || modeB === undefined || blobA === undefined || blobB === undefined)
				continue
			changes.push({
				path: relative,
				status: status === "A" ? "added" : status === "D" ? "deleted" : "modified",
				before: { mode: modeA, blob: blobA },
				after: { mode: modeB, blob: blobB },
			})
		}
		return changes
	}

	/** The change from `from` to `to` as a unified diff (binary files named, not shown). */
	async patch(from: string, to: string): Promise<string> {
		return this.git.text([
			"diff-tree",
			"-r",
			"-p",
			"--no-renames",
			"--no-color",
			"--no-ext-diff",
			"--no-textconv",
			from,
			to,
		])
	}

	/** The content of blobs, by id, in one git process. */
	async readBlobs(blobs: readonly string[]): Promise<Map<string, Buffer>> {
		const unique = [...new Set(blobs)]
		const contents = new Map<string, Buffer>()
		if (unique.length === 0) return contents
		const output = await this.git.run(["cat-file", "--batch"], { input: `${unique.join("\n")}\n` })
		let offset = 0
		while (offset < output.length) {
			const headerEnd = output.indexOf(0x0a, offset)
			if (headerEnd < 0) break
			const [id, type, size] = output.subarray(offset, headerEnd).toString("utf8").split(" ")
			if (type === "missing" || id === undefined || size === undefined)
				throw new GitError(
					`the checkpoint's object ${id ?? "?"} is missing from the shadow repository`,
				)
			const length = Number(size)
			contents.set(id, output.subarray(headerEnd + 1, headerEnd + 1 + length))
			offset = headerEnd + 1 + length + 1
		}
		return contents
	}

	/** Paths git ignores now (the workspace's .gitignore files and the exclude file), of those given. */
	async gitIgnored(paths: readonly string[]): Promise<Set<string>> {
		if (paths.length === 0) return new Set()
		const output = await this.git.run(["check-ignore", "--no-index", "-z", "--stdin"], {
			input: nulJoin(paths),
			okExitCodes: [1],
		})
		return new Set(nulFields(output))
	}

	/** Tracked files that the rules now exclude: a .gitignore or .cairnignore gained a rule for them. */
	private async trackedButExcluded(rules: TrackingRules): Promise<string[]> {
		const ignoredByGit = nulFields(
			await this.git.run(["ls-files", "-z", "--cached", "--ignored", "--exclude-standard"]),
		)
		const tracked = nulFields(await this.git.run(["ls-files", "-z", "--cached"]))
		const excluded = tracked.filter((relative) => rules.excludedBecause(relative) !== undefined)
		return [...new Set([...ignoredByGit, ...excluded])]
	}

	/** Mirrors the rules into git's exclude file; true when it changed. */
	private async writeExcludes(rules: TrackingRules): Promise<boolean> {
		const text = rules.excludeFile
		if (text === this.excludeWritten) return false
		const file = path.join(this.gitDir, "info", "exclude")
		const current = await readFile(file, "utf8").catch(() => undefined)
		this.excludeWritten = text
		if (current === text) return false
		await writeFile(file, text)
		return true
	}
}

/**
 * Past this many paths to read from the files or drop (the index differs there), a checkpoint
 * brings the index up to the files (two gits, the index written) instead of reading them all
 * again at every checkpoint. Paths a snapshot holds (see SnapshotLog) are not read, however many.
 */
const maxPathsFromListing = 32

const addArgs = ["update-index", "-z", "--add", "--remove", "--replace", "--stdin"]

/** The long-lived git that writes the workspace's files as blobs (see ShadowGit.session). */
const blobWriterArgs = ["hash-object", "-w", "--no-filters", "--stdin-paths"]

/** A small file's text; "" when it cannot be read (then git is asked). */
function textOrEmpty(file: string): string {
	try {
		return readFileSync(file, "utf8")
	} catch {
		return ""
	}
}

function nulJoin(paths: readonly string[]): string {
	return paths.map((p) => `${p}\0`).join("")
}
