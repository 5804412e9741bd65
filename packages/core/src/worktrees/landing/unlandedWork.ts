import { stat } from "node:fs/promises"
import { nulFields } from "../../git/gitOutput.js"
import { gitAt, gitSays, gitText } from "./landingGit.js"
import { english, type HostText } from "./landingText.js"
import { branchRef, workPathspecs, type WorktreeRef } from "./worktreeRef.js"

/** Commits named one by one; past this, one phrase counts the rest. */
const namedCommits = 20

/**
 * What removing the worktree and its branch would lose, one short phrase per thing: files not
 * committed (changed, or new and not ignored), and commits that no other branch and no
 * remote-tracking branch holds. Empty when nothing would be lost. The caller asks the person with
 * exactly these phrases before discarding. A worktree whose folder is gone (removed by hand, or
 * by a crash) still has its branch: its commits are counted from the person's repository.
 */
export async function unlandedWork(ref: WorktreeRef, text: HostText = english): Promise<string[]> {
	const folderThere = await stat(ref.path).then(
		() => true,
		(error: NodeJS.ErrnoException) => {
			if (error.code === "ENOENT") return false
			throw error
		},
	)
	if (!folderThere) return commitsOnlyHere(ref, ref.repository, [], text)
	const files = await uncommittedFiles(ref, text)
	return [...files, ...(await commitsOnlyHere(ref, ref.path, ["HEAD"], text))]
}

/** The worktree's files that are not committed (ignored files and the setup's links left out). */
async function uncommittedFiles(ref: WorktreeRef, text: HostText): Promise<string[]> {
	const git = await gitAt(ref.path)
	const status = await git.run([
		"status",
		"--porcelain=v1",
		"-z",
		"--untracked-files=all",
		"--no-renames",
		"--",
		...workPathspecs(ref),
	])
	return nulFields(status.stdout).map((entry) =>
		entry.startsWith("??")
			? text("landing.untrackedFile", { path: entry.slice(3) })
			: text("landing.uncommittedFile", { path: entry.slice(3) }),
	)
}

/**
 * The commits of the worktree's branch (and of `heads`, such as the worktree's HEAD, seen from
 * `folder`) that no other branch or remote-tracking branch holds.
 */
async function commitsOnlyHere(
	ref: WorktreeRef,
	folder: string,
	heads: readonly string[],
	text: HostText,
): Promise<string[]> {
	const git = await gitAt(folder)
	const tips: string[] = []
	// A tip that names no commit (a branch deleted by hand, a HEAD with no commit yet) holds none to lose.
	for (const tip of [...heads, branchRef(ref)])
		if (await gitSays(git, ["rev-parse", "--verify", "-q", "--end-of-options", `${tip}^{commit}`]))
			tips.push(tip)
	if (tips.length === 0) return []
	const range = [...tips, "--not", `--exclude=${ref.branch}`, "--branches", "--remotes"]
	const count = Number(await gitText(git, ["rev-list", "--count", ...range]))
	if (count === 0) return []
	const log = await gitText(git, ["log", "-z", `--max-count=${namedCommits}`, "--format=%h %s", ...range])
	const named = nulFields(log).map((line) => {
		const space = line.indexOf(" ")
		return text("landing.commitOnlyHere", { hash: line.slice(0, space), subject: line.slice(space + 1) })
	})
	const rest = count - named.length
	return rest > 0 ? [...named, text("landing.moreCommitsOnlyHere", { count: rest })] : named
}
