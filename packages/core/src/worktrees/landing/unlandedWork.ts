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
 * exactly these phrases before discarding.
 */
export async function unlandedWork(ref: WorktreeRef, text: HostText = english): Promise<string[]> {
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
	const files = nulFields(status.stdout).map((entry) =>
		entry.startsWith("??")
			? text("landing.untrackedFile", { path: entry.slice(3) })
			: text("landing.uncommittedFile", { path: entry.slice(3) }),
	)
	return [...files, ...(await commitsOnlyHere(ref, text))]
}

/** The commits of the worktree (its HEAD and its branch) that no other branch or remote-tracking branch holds. */
async function commitsOnlyHere(ref: WorktreeRef, text: HostText): Promise<string[]> {
	const git = await gitAt(ref.path)
	const tips = ["HEAD"]
	if (await gitSays(git, ["rev-parse", "--verify", "-q", "--end-of-options", branchRef(ref)]))
		tips.push(branchRef(ref))
	// A fresh repository's worktree may have no commit at all: then there is none to lose.
	if (!(await gitSays(git, ["rev-parse", "--verify", "-q", "HEAD"]))) tips.shift()
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
