import { GitError } from "../git/gitError.js"
import { nulFields } from "../git/gitOutput.js"
import { HardenedGit } from "../git/hardenedGit.js"

/** One worktree as `git worktree list --porcelain -z` tells it. */
export interface GitWorktree {
	path: string
	/** Absent for a worktree whose HEAD is detached or not yet born. */
	branch?: string
	head?: string
	/** Git's reason, when it would prune the worktree (its folder is gone). */
	prunable?: string
}

/** Checking out 10,000 files (or removing them) takes far longer than a query. */
const checkoutTimeoutMs = 300_000

const text = (output: Buffer) => output.toString("utf8").trim()

/**
 * The git commands worktrees need, in the person's repository, all through the hardened helper
 * (so `git worktree add` runs no post-checkout hook and no filter). Every ref taken from a
 * caller comes after `--end-of-options` (or `--`), so none can be read as an option.
 */
export class RepositoryGit {
	private constructor(
		private readonly git: HardenedGit,
		private readonly slowGit: HardenedGit,
		/** The main work tree's root (real path). */
		readonly top: string,
		/** The repository's common git folder (real path), shared by all its worktrees. */
		readonly commonDir: string,
	) {}

	/**
	 * The repository `folder` is in, or why worktrees cannot be made there: not a repository, no
	 * work tree (bare), or no commit yet to branch from. Throws GitError when git is missing.
	 */
	static async open(
		folder: string,
	): Promise<RepositoryGit | { unavailable: string; notARepository?: true }> {
		let git: HardenedGit
		try {
			git = await HardenedGit.forPerson({ cwd: folder })
		} catch (error) {
			if (error instanceof GitError && error.missing) throw error
			return { unavailable: `${folder} is not in a git repository`, notARepository: true }
		}
		const answer = await git.run(
			[
				"rev-parse",
				"--path-format=absolute",
				"--is-inside-work-tree",
				"--show-toplevel",
				"--git-common-dir",
			],
			{ okExitCodes: [128] },
		)
		const [inside, top, commonDir] = text(answer.stdout).split("\n")
		if (answer.code !== 0 || inside !== "true" || !top || !commonDir)
			return {
				unavailable: `${folder} is not in a git repository with a work tree`,
				notARepository: true,
			}
		const head = await git.run(["rev-parse", "--verify", "-q", "HEAD^{commit}"], { okExitCodes: [1] })
		if (head.code !== 0)
			return { unavailable: "the repository has no commit yet to branch a worktree from" }
		// From the root on: paths given to git (check-ignore's) are the repository's, whatever the workspace's folder.
		const atTop = await HardenedGit.forPerson({ cwd: top })
		const slowGit = await HardenedGit.forPerson({ cwd: top, timeoutMs: checkoutTimeoutMs })
		return new RepositoryGit(atTop, slowGit, top, commonDir)
	}

	/** The commit `ref` names (a branch, tag or commit), or a GitError saying it names none. */
	async commitOf(ref: string): Promise<string> {
		const answer = await this.git.run(
			["rev-parse", "--verify", "-q", "--end-of-options", `${ref}^{commit}`],
			{
				okExitCodes: [1],
			},
		)
		const commit = text(answer.stdout)
		if (answer.code !== 0 || !/^[0-9a-f]{40,64}$/.test(commit))
			throw new GitError(`"${ref}" names no commit in this repository`)
		return commit
	}

	/** The commit a local branch points at, or undefined when there is no such branch. */
	async branchTip(branch: string): Promise<string | undefined> {
		const answer = await this.git.run(
			["rev-parse", "--verify", "-q", "--end-of-options", `refs/heads/${branch}^{commit}`],
			{ okExitCodes: [1] },
		)
		return answer.code === 0 ? text(answer.stdout) : undefined
	}

	/** The branch the main work tree has checked out, or undefined when its HEAD is detached. */
	async currentBranch(): Promise<string | undefined> {
		const answer = await this.git.run(["symbolic-ref", "--short", "-q", "HEAD"], { okExitCodes: [1] })
		return answer.code === 0 ? text(answer.stdout) || undefined : undefined
	}

	/** The best common ancestor of two commits, or undefined when they have none. */
	async mergeBase(a: string, b: string): Promise<string | undefined> {
		const answer = await this.git.run(["merge-base", "--end-of-options", a, b], { okExitCodes: [1] })
		return answer.code === 0 ? text(answer.stdout) : undefined
	}

	/** Adds a worktree at `folder` on a new branch made at `commit`. */
	async addWorktree(folder: string, branch: string, commit: string): Promise<void> {
		await this.slowGit.run(["worktree", "add", "--no-track", "-b", branch, "--", folder, commit])
	}

	/** Removes the worktree at `folder`, with whatever it holds: callers checked its unlanded work first. */
	async removeWorktree(folder: string): Promise<void> {
		// Twice --force: a worktree someone locked is removed too, as the caller decided.
		await this.slowGit.run(["worktree", "remove", "--force", "--force", "--", folder])
	}

	/** Forgets worktrees whose folders are gone. */
	async prune(): Promise<void> {
		await this.git.run(["worktree", "prune"])
	}

	/** Every worktree git knows for this repository, the main one first. */
	async worktrees(): Promise<GitWorktree[]> {
		const answer = await this.git.run(["worktree", "list", "--porcelain", "-z"], { maxBytes: 16_000_000 })
		return parseWorktreeList(nulFields(answer.stdout))
	}

	/** Whether `commit` is already part of the main work tree's current HEAD. */
	async isMergedIntoHead(commit: string): Promise<boolean> {
		const answer = await this.git.run(
			["merge-base", "--is-ancestor", "--end-of-options", commit, "HEAD"],
			{
				okExitCodes: [1],
			},
		)
		return answer.code === 0
	}

	/** Deletes a branch, but only while it still points at `expected` (what the caller judged). */
	async deleteBranch(branch: string, expected: string): Promise<void> {
		await this.git.run(["update-ref", "-d", "--end-of-options", `refs/heads/${branch}`, expected])
	}

	/** Those of `paths` (repository-relative) the main work tree ignores. */
	async ignored(paths: readonly string[]): Promise<string[]> {
		if (paths.length === 0) return []
		const answer = await this.git.run(["check-ignore", "-z", "--stdin"], {
			input: paths.map((file) => `${file}\0`).join(""),
			okExitCodes: [1],
		})
		return nulFields(answer.stdout)
	}

	/** The git folder of the worktree at `folder` (its index lives there), as git says. */
	async gitDirOf(folder: string): Promise<string> {
		const git = await HardenedGit.forPerson({ cwd: folder })
		return text((await git.run(["rev-parse", "--absolute-git-dir"])).stdout)
	}
}

/** Reads `git worktree list --porcelain -z`: attribute fields, each worktree ended by an empty one. */
export function parseWorktreeList(fields: readonly string[]): GitWorktree[] {
	const worktrees: GitWorktree[] = []
	let current: GitWorktree | undefined
	for (const field of fields) {
		if (field === "") {
			if (current) worktrees.push(current)
			current = undefined
			continue
		}
		const space = field.indexOf(" ")
		const key = space === -1 ? field : field.slice(0, space)
		const value = space === -1 ? "" : field.slice(space + 1)
		if (key === "worktree") current = { path: value }
		else if (current && key === "HEAD") current.head = value
		else if (current && key === "branch") current.branch = value.replace(/^refs\/heads\//, "")
		else if (current && key === "prunable") current.prunable = value || "prunable"
	}
	if (current) worktrees.push(current)
	return worktrees
}
