import { lstat, realpath, rm } from "node:fs/promises"
import path from "node:path"
import { taskIdSchema, type Landing } from "@cairn/types"
import { RepositoryConsent, type RepositoryCode } from "../consent/repositoryConsent.js"
import { GitError } from "../git/gitError.js"
import type { KeyValueStore, Logger } from "../host/Host.js"
import { isInside } from "../workspace/workspacePaths.js"
import { diskBytes } from "./diskUsage.js"
import { lowestFreeIndex, worktreeEnvironment } from "./portIndex.js"
import { RepositoryGit, type GitWorktree } from "./repositoryGit.js"
import type { SetupReport } from "./setupReport.js"
import { readWorktreeConfig } from "./worktreeConfig.js"
import { decideOnWorktreeConfig } from "./worktreeConsent.js"
import { repositoryKey, worktreesFolder } from "./worktreeFolder.js"
import { branchOf, firstFreeName, nameFromTask, nameProblem } from "./worktreeNames.js"
import { WorktreeRegistry, type RegisteredWorktree } from "./worktreeRegistry.js"
import { setUpWorktree, type SetupRunner } from "./worktreeSetup.js"

export type { SetupReport } from "./setupReport.js"

/** A task's worktree. Its name, branch, base, path and index are what a board card carries. */
export interface TaskWorktree {
	name: string
	branch: string
	/** What it was made from, as chosen: a branch or commit given, else the branch checked out then. */
	base: string
	baseCommit: string
	/** The worktree's root folder (a real path). */
	path: string
	/** The folder in it that stands for the workspace (the workspace may be a subfolder of the repository). */
	workspace: string
	index: number
	/** The main work tree's root. */
	repository: string
	taskId: string
	createdAt: number
	/**
	 * `missing`: recorded, but its folder is gone (removed by hand, or a crash before git made it);
	 * it can still be removed, which forgets it and deletes its branch as `remove` says.
	 */
	state: "active" | "landed" | "discarded" | "missing"
	landing?: Landing
	setup?: SetupReport
	/** Found by git in Cairn's folder without a record (the record was lost): its task is not known. */
	adopted?: boolean
}

export interface WorktreesUnavailable {
	unavailable: true
	reason: string
	/** The workspace is in no git repository (`git init` would make one); otherwise it has no commit yet, or no git. */
	notARepository?: true
}

export interface TaskWorktreesOptions {
	/** The workspace root. */
	repository: string
	/** Cairn's storage folder: the worktrees' records, and the worktrees unless `folder` is set. */
	storageDir: string
	/** Where worktrees are kept instead (absolute; never inside the repository). */
	folder?: string
	logger: Logger
	/** Where the person's consents to repository code are remembered (the Host's state). */
	state: KeyValueStore
	/** Asks the person about `.cairn/worktree.json`; absent where nobody can be asked (it is then not used). */
	consent?: (code: RepositoryCode) => Promise<boolean>
	runSetup: SetupRunner
}

/**
 * The git worktrees tasks work in, for one repository: made on a branch of their own under
 * Cairn's folder, set up as the repository says (with consent), listed again after any crash,
 * and removed. Records are shared by every process working on the repository; `byTask` answers
 * from what this object last listed, created or changed.
 */
export class TaskWorktrees {
	private readonly known = new Map<string, TaskWorktree>()
	private readonly consent: RepositoryConsent

	private constructor(
		private readonly git: RepositoryGit,
		private readonly registry: WorktreeRegistry,
		/** Where this repository's worktrees are made (a real path). */
		private readonly folder: string,
		/** The workspace's place in the repository ("" at its root). */
		private readonly workspaceInRepository: string,
		private readonly options: TaskWorktreesOptions,
	) {
		this.consent = new RepositoryConsent(options.state, options.consent)
	}

	static async open(options: TaskWorktreesOptions): Promise<TaskWorktrees | WorktreesUnavailable> {
		let git: RepositoryGit | { unavailable: string; notARepository?: true }
		try {
			git = await RepositoryGit.open(options.repository)
		} catch (error) {
			if (error instanceof GitError && error.missing)
				return { unavailable: true, reason: error.message }
			throw error
		}
		if ("unavailable" in git)
			return {
				unavailable: true,
				reason: git.unavailable,
				...(git.notARepository && { notARepository: true }),
			}
		const key = repositoryKey(git.top, git.commonDir)
		let folder: string
		try {
			folder = await worktreesFolder({ ...options, key, top: git.top, commonDir: git.commonDir })
		} catch (error) {
			return { unavailable: true, reason: (error as Error).message }
		}
		const registry = await WorktreeRegistry.open(
			path.join(options.storageDir, "worktrees", "registry", key),
			options.logger,
		)
		const workspace = path.relative(git.top, await realpath(options.repository))
		const worktrees = new TaskWorktrees(git, registry, folder, workspace, options)
		await worktrees.list()
		return worktrees
	}

	/**
	 * Makes the task's worktree: a new branch (`cairn/<name>`, the name made unique) from `base`
	 * (a branch or commit; the current HEAD by default), recorded before git makes it, then set
	 * up as `.cairn/worktree.json` says when the person agreed to it (`setup` says what ran).
	 */
	async create(request: { taskId: string; name?: string; base?: string }): Promise<TaskWorktree> {
		const taskId = taskIdSchema.parse(request.taskId)
		const problem = request.name === undefined ? undefined : nameProblem(request.name)
		if (problem !== undefined) throw new Error(problem)
		const baseCommit = await this.git.commitOf(request.base ?? "HEAD")
		const base = request.base ?? (await this.git.currentBranch()) ?? baseCommit
		const reserved = await this.registry.locked(async () => {
			const live = (await this.registry.entries()).filter((entry) => entry.removedAt === undefined)
			const existing = live.find((entry) => entry.taskId === taskId)
			if (existing !== undefined)
				throw new Error(`Task ${taskId} has a worktree already: ${existing.path}`)
			const name = await firstFreeName(
				request.name ?? nameFromTask(taskId),
				async (name) =>
					live.some((entry) => entry.name === name) ||
					(await this.git.branchTip(branchOf(name))) !== undefined ||
					(await exists(path.join(this.folder, name))),
			)
			const entry: RegisteredWorktree = {
				taskId,
				name,
				branch: branchOf(name),
				base,
				baseCommit,
				path: path.join(this.folder, name),
				workspace: path.join(this.folder, name, this.workspaceInRepository),
				index: await this.freeIndex(live),
				repository: this.git.top,
				createdAt: Date.now(),
				phase: "reserved",
			}
			await this.registry.write(entry)
			return entry
		})
		try {
			await this.git.addWorktree(reserved.path, reserved.branch, baseCommit)
		} catch (error) {
			// Nothing made: the record goes (as discarded). Anything made stays listed, to be discarded.
			if (!(await exists(reserved.path)) && (await this.git.branchTip(reserved.branch)) === undefined)
				await this.update(taskId, (entry) => ({ ...entry, removedAt: Date.now() }))
			throw error
		}
		await this.update(taskId, (entry) => ({ ...entry, phase: "created" }))
		// The worktree is made: whatever goes wrong in its setup (the question failing too) is said, not thrown.
		const setup = await setUpWorktree({
			git: this.git,
			worktree: reserved.path,
			consent: this.consent,
			runSetup: this.options.runSetup,
			env: worktreeEnvironment(reserved.index),
		}).catch((error: unknown): SetupReport => ({
			outcome: "failed",
			message: `Setting up the worktree failed: ${error instanceof Error ? error.message : String(error)}`,
			copied: [],
			linked: [],
			skipped: [],
		}))
		if (setup.outcome === "failed" || setup.outcome === "invalid")
			this.options.logger.warn("A worktree's setup did not go through", {
				taskId,
				message: setup.message,
			})
		return this.update(taskId, (entry) => ({ ...entry, setup }))
	}

	/**
	 * Every worktree of the repository Cairn made, as recorded and as git and the disk say now:
	 * a recorded one whose folder is gone is `missing`, and one git knows in Cairn's folder that
	 * has no record (lost) is recorded again (`adopted`), so none is ever left unseen on disk.
	 */
	async list(): Promise<TaskWorktree[]> {
		const gitTrees = await this.git.worktrees()
		let entries = await this.registry.entries()
		const unrecorded = (entries: RegisteredWorktree[]) =>
			gitTrees.filter(
				(tree) =>
					path.dirname(tree.path) === this.folder &&
					!entries.some((entry) => entry.removedAt === undefined && entry.path === tree.path),
			)
		if (unrecorded(entries).length > 0)
			entries = await this.registry.locked(async () => {
				const fresh = await this.registry.entries()
				for (const tree of unrecorded(fresh)) fresh.push(await this.adopt(tree, fresh))
				return fresh
			})
		const worktrees: TaskWorktree[] = []
		for (const entry of entries) worktrees.push(this.remember(entry, await this.stateOf(entry)))
		return worktrees
	}

	byTask(taskId: string): TaskWorktree | undefined {
		return this.known.get(taskId)
	}

	/** The variables the worktree's commands get: CAIRN_WORKTREE_INDEX and PORT offset by it. */
	environment(worktree: TaskWorktree): Record<string, string> {
		return worktreeEnvironment(worktree.index)
	}

	/**
	 * Bytes the worktree's own files take on disk, with its index in the repository's git folder:
	 * linked folders are not counted (links are never followed).
	 */
	async diskBytes(worktree: TaskWorktree): Promise<number> {
		if (!(await exists(worktree.path))) return 0
		const gitDir = await this.git.gitDirOf(worktree.path)
		// The main repository's git folder is not this worktree's to count (a worktree's .git was replaced).
		const own = gitDir !== this.git.commonDir && isInside(this.git.commonDir, gitDir)
		return (await diskBytes(worktree.path)) + (own ? await diskBytes(gitDir) : 0)
	}

	/** The repository's test command from `.cairn/worktree.json`, when the person agreed to the file. */
	async checkCommand(): Promise<string | undefined> {
		const read = await readWorktreeConfig(this.git.top)
		if (read.kind !== "ok" || read.config.check === undefined) return undefined
		const decision = await decideOnWorktreeConfig(read, this.git.top, this.git.top, this.consent)
		return decision.allowed ? read.config.check : undefined
	}

	/** Records how the task's work was landed (the worktree stays until removed). */
	async recordLanding(taskId: string, landing: Landing): Promise<void> {
		await this.update(taskId, (entry) => ({ ...entry, landing }))
	}

	/**
	 * Removes the task's worktree folder, whatever it holds: callers first ask the landing part's
	 * `unlandedWork` and have the person confirm what would be lost. The branch is deleted only
	 * when the main work tree's HEAD has it merged, it has no commit of its own, or `deleteBranch`
	 * says so. The main work tree is never touched.
	 */
	async remove(taskId: string, options: { deleteBranch?: boolean } = {}): Promise<void> {
		const entry = (await this.registry.entries()).find((entry) => entry.taskId === taskId)
		if (entry === undefined) throw new Error(`Task ${taskId} has no worktree`)
		if (entry.removedAt !== undefined) return
		const top = await realpath(this.git.top)
		if (isInside(entry.path, top) || isInside(top, entry.path))
			throw new Error(`${entry.path} is the repository's own work tree; it is not removed`)
		const known = (await this.git.worktrees()).some((tree) => tree.path === entry.path)
		if (known) await this.git.removeWorktree(entry.path)
		// Git never finished making it (a crash part way): the folder in Cairn's own place is Cairn's to remove.
		else if (path.dirname(entry.path) === this.folder)
			await rm(entry.path, { recursive: true, force: true })
		else if (await exists(entry.path))
			throw new Error(
				`${entry.path} is no worktree git knows and not in Cairn's worktrees folder, so Cairn does not remove it`,
			)
		await this.git.prune()
		const tip = await this.git.branchTip(entry.branch)
		if (
			tip !== undefined &&
			(options.deleteBranch === true ||
				tip === entry.baseCommit ||
				(await this.git.isMergedIntoHead(tip)))
		)
			await this.git.deleteBranch(entry.branch, tip)
		await this.update(taskId, (entry) => ({ ...entry, removedAt: Date.now() }))
	}

	/** Changes a task's record under the registry's lock, from what is on disk now. */
	private async update(
		taskId: string,
		change: (entry: RegisteredWorktree) => RegisteredWorktree,
	): Promise<TaskWorktree> {
		const changed = await this.registry.locked(async () => {
			const entry = (await this.registry.entries()).find((entry) => entry.taskId === taskId)
			if (entry === undefined) throw new Error(`Task ${taskId} has no worktree`)
			const next = change(entry)
			await this.registry.write(next)
			return next
		})
		return this.remember(changed, await this.stateOf(changed))
	}

	/** Records a worktree git knows in Cairn's folder but no record names; its base is where it left the HEAD. */
	private async adopt(tree: GitWorktree, entries: RegisteredWorktree[]): Promise<RegisteredWorktree> {
		const name = path.basename(tree.path)
		const head = tree.head ?? (await this.git.commitOf("HEAD"))
		const baseCommit = (await this.git.mergeBase("HEAD", head)) ?? head
		const entry: RegisteredWorktree = {
			taskId: `worktree-${name.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 128),
			name,
			branch: tree.branch ?? branchOf(name),
			base: baseCommit,
			baseCommit,
			path: tree.path,
			workspace: path.join(tree.path, this.workspaceInRepository),
			index: await this.freeIndex(entries.filter((entry) => entry.removedAt === undefined)),
			repository: this.git.top,
			createdAt: Date.now(),
			phase: "created",
			adopted: true,
		}
		this.options.logger.warn("A worktree in Cairn's folder had no record; it is listed again", {
			path: tree.path,
		})
		await this.registry.write(entry)
		return entry
	}

	/** The lowest index no worktree whose folder is there holds. */
	private async freeIndex(live: RegisteredWorktree[]): Promise<number> {
		const held: number[] = []
		for (const entry of live)
			if (entry.phase === "reserved" || (await exists(entry.path))) held.push(entry.index)
		return lowestFreeIndex(held)
	}

	private async stateOf(entry: RegisteredWorktree): Promise<TaskWorktree["state"]> {
		if (entry.removedAt !== undefined) return entry.landing ? "landed" : "discarded"
		if (!(await exists(entry.path))) return "missing"
		return entry.landing ? "landed" : "active"
	}

	private remember(entry: RegisteredWorktree, state: TaskWorktree["state"]): TaskWorktree {
		const { phase: _phase, removedAt: _removedAt, ...shown } = entry
		const worktree: TaskWorktree = { ...shown, state }
		this.known.set(entry.taskId, worktree)
		return worktree
	}
}

async function exists(file: string): Promise<boolean> {
	return lstat(file).then(
		() => true,
		(error: NodeJS.ErrnoException) => {
			if (error.code === "ENOENT") return false
			throw error
		},
	)
}
