/** A task's worktree as landing sees it: plain paths and names, so it depends on nothing else of the worktrees. */
export interface WorktreeRef {
	/** The person's main work tree, where merges and applies land. */
	repository: string
	/** The worktree's folder. */
	path: string
	/** The worktree's branch (a name under refs/heads/). */
	branch: string
	/** The commit the worktree was made from: its changes are measured against it. */
	baseCommit: string
	/** The task's title, for commit messages and the pull request. */
	title: string
	/**
	 * Paths (relative to the worktree) the setup linked in, such as `node_modules`: not the task's
	 * work. A link is a file to git, so an ignore rule written for a folder (`node_modules/`) does
	 * not hide it; without this, landing would commit the link.
	 */
	setupLinks?: readonly string[]
}

/** Pathspecs for "everything in the worktree but the setup's links" (literal: a name is never a glob). */
export function workPathspecs(ref: WorktreeRef): string[] {
	return [":(top)", ...(ref.setupLinks ?? []).map((link) => `:(top,literal,exclude)${link}`)]
}

/** The worktree's branch as a full ref, so that it can never be read as an option or another ref. */
export const branchRef = (ref: WorktreeRef): string => `refs/heads/${ref.branch}`
