import { commitOf, gitAt, gitText } from "../worktrees/landing/landingGit.js"
import { commitWorktreeWork } from "../worktrees/landing/commitWorktree.js"
import { english } from "../worktrees/landing/landingText.js"
import { worktreeChanges } from "../worktrees/landing/worktreeChanges.js"
import type { FleetRecord } from "./taskRecord.js"

/**
 * The commit a task starts from: its `base` (a branch, tag or commit) or the repository's HEAD, as
 * a hash, so every attempt of the task starts from the same commit even if the branch moves.
 */
export async function baseCommitOf(repository: string, base: string | undefined): Promise<string> {
	return commitOf(await gitAt(repository), base ?? "HEAD")
}

/** Where `folder` sits in its repository: "" at its top, else like "packages/app/", to find it in a worktree. */
export async function prefixInRepository(folder: string): Promise<string> {
	return gitText(await gitAt(folder), ["rev-parse", "--show-prefix"])
}

export interface TaskWorktree {
	/** The person's repository the worktree belongs to. */
	repository: string
	path: string
	branch: string
	baseCommit: string
	/** The commit's message. */
	title: string
}

/**
 * Commits what the task left in its worktree (changed, new and deleted files; ignored ones left
 * out) on its branch, so the branch is the task's result, and says which commit that is and what
 * it changes against the base. Fleet runs never link the repository's setup in, so there are no
 * setup links to leave out.
 */
export async function commitTaskWork(
	worktree: TaskWorktree,
): Promise<Pick<FleetRecord, "commit" | "changes">> {
	const ref = { ...worktree, setupLinks: [] }
	await commitWorktreeWork(ref, english)
	const commit = await gitText(await gitAt(worktree.path), ["rev-parse", "--verify", "HEAD^{commit}"])
	return { commit, changes: await worktreeChanges(ref) }
}
