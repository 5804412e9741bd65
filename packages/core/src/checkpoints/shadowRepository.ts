import { createHash } from "node:crypto"
import { lstat, mkdir, readFile, realpath, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { GitError } from "../git/gitError.js"
import { nulFields } from "../git/gitOutput.js"
import type { FileBefore } from "./changeSnapshots.js"
import { checkpointAuthor, ShadowGit } from "./shadowGit.js"
import { linkedFolderCheck } from "./linkedFolders.js"
import { TrackingRules } from "./trackingRules.js"

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
}

/**
 * A git repository of its own, under Cairn's storage, whose work tree is the workspace. It
 * keeps the workspace's files as commits (checkpoints) without ever reading or writing the
 * workspace's `.git`: git is always told which git folder to use, and `.git` entries are
 * never part of a work tree. Callers serialise its operations (CheckpointStore does).
 */
export class ShadowRepository {
	private excludeWritten: string | undefined

	private constructor(
		readonly git: ShadowGit,
		readonly workspaceRoot: string,
		private readonly sizeLimitBytes: number,
	) {}

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
		const git = new ShadowGit(gitDir, options.workspaceRoot, options.gitTimeoutMs)
		const exists = await lstat(path.join(gitDir, "HEAD")).then(
			() => true,
			() => false,
		)
		if (!exists) {
			await mkdir(folder, { recursive: true })
			await writeFile(
				path.join(folder, "workspace.json"),
				`${JSON.stringify({ workspace: options.workspaceRoot }, null, "\t")}\n`,
			)
			await git.run(["init", "--quiet"])
		}
		// A damaged repository fails here, before any task relies on it.
		await git.run(["rev-parse", "--git-dir"])
		await mkdir(path.join(gitDir, "info"), { recursive: true })
		await writeFile(path.join(gitDir, "info", "attributes"), exactBytesAttributes)
		// A lock left by a git killed mid-write; the caller holds the repository's lock, so it is stale.
		await rm(path.join(gitDir, "index.lock"), { force: true })
		return new ShadowRepository(git, options.workspaceRoot, options.sizeLimitBytes)
	}

	get gitDir(): string {
		return this.git.gitDir
	}

	/** The rules in force now (the workspace's .cairnignore may have changed). */
	rules(): Promise<TrackingRules> {
		return TrackingRules.load(this.workspaceRoot, this.sizeLimitBytes)
	}

	/**
	 * Brings the shadow index up to the workspace's files as they are now and returns the tree
	 * that records them. Only what changed since the last call is read.
	 */
	async snapshotTree(): Promise<string> {
		const { add } = await this.stage()
		if (add.length > 0) await this.git.run(addArgs, { input: nulJoin(add) })
		return (await this.git.text(["write-tree"])).trim()
	}

	/**
	 * Records the workspace as it is now as a commit after the one `ref` points at (the task's
	 * previous checkpoint), moves `ref` to it and returns it. What was there but not kept goes in
	 * the message, so a restore knows those files existed then.
	 *
	 * `heldBefore` gives, once the workspace's files have been read, what the paths changed since
	 * the checkpoint began held then (see SnapshotLog): those entries are theirs, not the files'.
	 * `staged` is called once the checkpoint's content is in the repository (the index names it,
	 * its objects are written): from then on the workspace may change without changing this
	 * checkpoint, so a change waiting for it can go ahead while the tree, commit and ref are
	 * written: the tree by one git, the commit and the ref by the repository's long-lived ones.
	 */
	async commitWorkspace(
		ref: string,
		title: string,
		staged?: () => void,
		heldBefore?: () => Map<string, FileBefore>,
	): Promise<string> {
		const { add, notKept, listed } = await this.stage()
		const heldSoFar = heldBefore?.() ?? new Map<string, FileBefore>()
		const fromFiles = add.filter((relative) => !heldSoFar.has(relative))
		if (fromFiles.length > 0) await this.git.run(addArgs, { input: nulJoin(fromFiles) })
		// Asked again once git has read the files: a change announced meanwhile may have been read.
		const held = heldBefore?.() ?? heldSoFar
		if (held.size > 0) await this.putHeld(held, listed)
		notKept.tooLarge = notKept.tooLarge.filter((relative) => !held.has(relative))
		staged?.()
		const parent = await this.resolveRef(ref)
		const message = [title, "", notKeptHeader, JSON.stringify(notKept)].join("\n")
		const tree = (await this.git.text(["write-tree"])).trim()
		const commit = await this.writeCommit(tree, parent, message)
		await this.setRef(ref, commit)
		return commit
	}

	/**
	 * Writes the commit object `git commit-tree <tree> [-p <parent>] -m <message>` would (Cairn as
	 * author and committer, now, in the local time zone), through the repository's long-lived
	 * hash-object: the object is read from a file of Cairn's own beside the repository.
	 */
	private async writeCommit(tree: string, parent: string | undefined, message: string): Promise<string> {
		const now = new Date()
		const when = `${Math.floor(now.getTime() / 1000)} ${timeZone(now)}`
		const author = `${checkpointAuthor.GIT_AUTHOR_NAME} <${checkpointAuthor.GIT_AUTHOR_EMAIL}> ${when}`
		const committer = `${checkpointAuthor.GIT_COMMITTER_NAME} <${checkpointAuthor.GIT_COMMITTER_EMAIL}> ${when}`
		const object = [
			`tree ${tree}`,
			...(parent ? [`parent ${parent}`] : []),
			`author ${author}`,
			`committer ${committer}`,
			"",
			`${message}\n`,
		].join("\n")
		const file = path.join(path.dirname(this.gitDir), `commit-${process.pid}`)
		await writeFile(file, object)
		try {
			const [id] = await this.git.session(commitWriterArgs).ask(`${file}\n`, 1)
			return objectId(id, "commit")
		} finally {
			await rm(file, { force: true })
		}
	}

	/**
	 * Sets the index entries of paths to what they held before a change: their content written as
	 * blobs (from files of Cairn's own: the workspace's may have changed since), or no entry. A
	 * file git ignores that the index did not name stays out, as a staging from the files leaves it.
	 * `listed` is what the staging's listing said of each path it named.
	 */
	private async putHeld(held: Map<string, FileBefore>, listed: Map<string, string>): Promise<void> {
		const present = [...held].flatMap(([relative, before]) =>
			before === "absent" ? [] : [{ relative, before }],
		)
		// Unnamed by the listing: tracked and unchanged, or ignored (git says which).
		const ignored = await this.gitIgnoredUntracked(
			present.filter(({ relative }) => !listed.has(relative)).map(({ relative }) => relative),
		)
		const kept = present.filter(({ relative }) => !ignored.has(relative))
		const blobs = await this.writeBlobs(kept.map(({ before }) => before.content))
		const entries = [...held].flatMap(([relative, before]) => {
			const at = kept.findIndex((entry) => entry.relative === relative)
			const entry = kept[at]
			if (entry !== undefined) return [`${entry.before.mode} ${blobs[at]}\t${relative}\0`]
			// A file the change created that the listing calls untracked: the index has no entry to drop.
			if (before === "absent" && listed.get(relative) === "?") return []
			return [`0 ${"0".repeat(40)}\t${relative}\0`]
		})
		if (entries.length > 0)
			await this.git.run(["update-index", "-z", "--index-info"], { input: entries.join("") })
	}

	/** Writes each content as a blob, in one git; returns their ids in order. */
	private async writeBlobs(contents: readonly Buffer[]): Promise<string[]> {
		if (contents.length === 0) return []
		const folder = path.join(path.dirname(this.gitDir), "before-change")
		await rm(folder, { recursive: true, force: true })
		await mkdir(folder, { recursive: true })
		try {
			const files = contents.map((_, i) => path.join(folder, String(i)))
			await Promise.all(files.map((file, i) => writeFile(file, contents[i] ?? Buffer.alloc(0))))
			const ids = await this.git
				.session(blobWriterArgs)
				.ask(files.map((file) => `${file}\n`).join(""), files.length)
			return ids.map((id) => objectId(id, "blob"))
		} finally {
			await rm(folder, { recursive: true, force: true })
		}
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
	 * Brings the index up to the workspace for every path but the ones to add, which it returns
	 * (the `update-index` that adds them reads their content), with what it saw but does not keep.
	 */
	private async stage(): Promise<{ add: string[]; notKept: NotKept; listed: Map<string, string> }> {
		const rules = await this.rules()
		const excludesChanged = await this.writeExcludes(rules)
		const listing = nulFields(
			await this.git.run([
				"ls-files",
				"-z",
				"-t",
				"--others",
				"--modified",
				"--deleted",
				"--exclude-standard",
			]),
		)
		const listed = new Map<string, string>()
		const deleted = new Set<string>()
		const candidates = new Set<string>()
		const notKept: NotKept = { tooLarge: [], nestedRepositories: [] }
		let ignoreRulesChanged = excludesChanged
		for (const entry of listing) {
			const tag = entry.slice(0, 1)
			const relative = entry.slice(2)
			listed.set(relative, tag)
			if (path.posix.basename(relative.replace(/\/$/, "")) === ".gitignore") ignoreRulesChanged = true
			if (tag === "R") deleted.add(relative)
			// "dir/" is a folder holding its own repository: never kept (its own git keeps it).
			else if (relative.endsWith("/")) notKept.nestedRepositories.push(relative)
			else candidates.add(relative)
		}
		const remove: string[] = [...deleted]
		const add: string[] = []
		const linkedFolder = linkedFolderCheck(this.workspaceRoot)
		for (const relative of candidates) {
			if (deleted.has(relative)) continue
			// A path through a folder that is now a link is gone from the work tree (the link replaced it).
			const stats = (await linkedFolder(relative))
				? undefined
				: await lstat(path.join(this.workspaceRoot, relative)).catch(() => undefined)
			if (stats === undefined) remove.push(relative)
			else if (!stats.isFile() && !stats.isSymbolicLink()) continue
			else if (rules.excludedBecause(relative, stats.isFile() ? stats.size : undefined) !== undefined) {
				remove.push(relative)
				if (rules.excludedBecause(relative) === undefined) notKept.tooLarge.push(relative)
			} else add.push(relative)
		}
		if (ignoreRulesChanged) remove.push(...(await this.trackedButExcluded(rules)))
		if (remove.length > 0)
			await this.git.run(["update-index", "-z", "--force-remove", "--stdin"], {
				input: nulJoin(remove),
			})
		return { add, notKept, listed }
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

	/** Keeps `commit` (and the checkpoints before it) reachable under the task's ref. */
	async setRef(ref: string, commit: string): Promise<void> {
		const answer = await this.git
			.session(refWriterArgs)
			.ask(`start\nupdate ${ref} ${commit}\ncommit\n`, 2)
		if (answer.join("\n") !== "start: ok\ncommit: ok")
			throw new GitError(`git update-ref did not move ${ref}: ${answer.join(" ")}`)
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
		const loose = await readFile(path.join(this.gitDir, ...ref.split("/")), "utf8").catch(() => "")
		if (/^[0-9a-f]{40}(?:[0-9a-f]{24})?\n$/.test(loose)) return loose.trim()
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

const addArgs = ["update-index", "-z", "--add", "--remove", "--replace", "--stdin"]

/** The long-lived gits of a repository (see ShadowGit.session): blobs and commits from files, refs moved in transactions. */
const blobWriterArgs = ["hash-object", "-w", "--no-filters", "--stdin-paths"]
const commitWriterArgs = ["hash-object", "-w", "-t", "commit", "--stdin-paths"]
const refWriterArgs = ["update-ref", "--stdin"]

/** The id a hash-object answered, or the error it is not. */
function objectId(answer: string | undefined, kind: string): string {
	if (answer !== undefined && /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(answer)) return answer
	throw new GitError(`git hash-object did not write the ${kind}: ${answer ?? "no answer"}`)
}

/** Git's form of the local time zone at `date`: +HHMM or -HHMM. */
function timeZone(date: Date): string {
	const minutes = -date.getTimezoneOffset()
	const sign = minutes < 0 ? "-" : "+"
	const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")
	return `${sign}${hours}${String(Math.abs(minutes) % 60).padStart(2, "0")}`
}

function nulJoin(paths: readonly string[]): string {
	return paths.map((p) => `${p}\0`).join("")
}
