import { access, lstat } from "node:fs/promises"
import { join } from "node:path"
import { nulFields } from "../../git/gitOutput.js"
import type { HardenedGit } from "../../git/hardenedGit.js"
import { gitText } from "./landingGit.js"

/** What git leaves in the git folder while a merge, rebase, cherry-pick or revert waits for the person. */
const operationMarkers = ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "rebase-merge", "rebase-apply"]

/** Whether a merge, rebase, cherry-pick or revert is unfinished in the work tree `git` runs in. */
export async function operationInProgress(git: HardenedGit): Promise<boolean> {
	const args = operationMarkers.flatMap((marker) => ["--git-path", marker])
	const paths = (await gitText(git, ["rev-parse", "--path-format=absolute", ...args])).split("\n")
	const found = await Promise.all(
		paths.map((path) =>
			access(path).then(
				() => true,
				() => false,
			),
		),
	)
	return found.includes(true)
}

/** Files with unresolved conflicts (unmerged in the index). */
export async function unmergedFiles(git: HardenedGit): Promise<string[]> {
	const diff = await git.run(["diff", "--name-only", "-z", "--diff-filter=U"])
	return nulFields(diff.stdout)
}

/** The branch checked out (its full ref), or undefined on a detached HEAD. */
export async function currentBranch(git: HardenedGit): Promise<string | undefined> {
	const ref = await gitText(git, ["symbolic-ref", "-q", "HEAD"], [1])
	return ref === "" ? undefined : ref
}

/** A file that differs from HEAD in the work tree: staged, changed and not staged, or untracked. */
export interface DirtyFile {
	path: string
	staged: boolean
}

/** The work tree's uncommitted files (ignored ones left out). */
export async function dirtyFiles(git: HardenedGit): Promise<DirtyFile[]> {
	const status = await git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"])
	return nulFields(status.stdout).map((entry) => ({
		path: entry.slice(3),
		staged: entry[0] !== " " && entry[0] !== "?",
	}))
}

/**
 * Files of the person's that a landing changing `touched` (paths from the work tree's top) would
 * overwrite: uncommitted or untracked ones at those paths, and ignored files there too, which
 * git itself would overwrite without a word (a branch may carry a file the person ignores, such
 * as `.env`, when the task added it by force).
 */
export async function filesInTheWay(
	git: HardenedGit,
	top: string,
	touched: ReadonlySet<string>,
): Promise<string[]> {
	const inTheWay = (await dirtyFiles(git)).map((file) => file.path).filter((path) => touched.has(path))
	const ignored = nulFields(
		(await git.run(["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory"]))
			.stdout,
	)
	const candidates = [...touched].filter((path) =>
		ignored.some((entry) => entry === path || (entry.endsWith("/") && path.startsWith(entry))),
	)
	const present = await Promise.all(
		candidates.map((path) =>
			lstat(join(top, path)).then(
				() => path,
				() => undefined,
			),
		),
	)
	return [...inTheWay, ...present.filter((path) => path !== undefined)]
}
