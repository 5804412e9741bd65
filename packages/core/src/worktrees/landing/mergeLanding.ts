import type { Landing } from "@cairn/types"
import { GitError } from "../../git/gitError.js"
import { LandingError } from "./landingError.js"
import { commitIdentity, commitOf, gitAt, gitText } from "./landingGit.js"
import type { HostText } from "./landingText.js"
import { openPersonWorkTree, pathsChanged, refuseFilesInTheWay, refuseUnfinished } from "./personWorkTree.js"
import { currentBranch, dirtyFiles, operationInProgress, unmergedFiles } from "./workTreeState.js"
import { branchRef, type WorktreeRef } from "./worktreeRef.js"

/**
 * Merges the worktree's branch into the branch checked out in the person's main work tree, with a
 * merge commit. Refuses, before git starts, on a detached HEAD, an unfinished merge or rebase,
 * staged changes (git's merge needs the index clean) and files of theirs the merge would write.
 * A conflict is left as git leaves it, for the person: the merge in progress, both sides in the
 * files between conflict markers, and the files listed in `conflicts`. Never aborted, never
 * resolved by taking one side.
 */
export async function mergeLanding(ref: WorktreeRef, text: HostText): Promise<Landing> {
	const tree = await openPersonWorkTree(ref.repository)
	const branch = await currentBranch(tree.git)
	if (branch === undefined) throw new LandingError(text("landing.detachedHead"))
	await refuseUnfinished(tree, text)
	const tip = await commitOf(tree.git, branchRef(ref))
	const staged = (await dirtyFiles(tree.git)).filter((file) => file.staged).map((file) => file.path)
	if (staged.length > 0) throw new LandingError(text("landing.stagedChanges", { names: text.list(staged) }))
	// No common commit: git refuses to merge unrelated histories, and says so below.
	const mergeBase = await gitText(tree.git, ["merge-base", "HEAD", tip], [1])
	if (mergeBase !== "") await refuseFilesInTheWay(tree, await pathsChanged(tree, mergeBase, tip), text)

	const merging = await gitAt(tree.top, {
		variables: await commitIdentity(tree.top),
		settings: [
			// Options the person's configuration gives every merge into this branch (`-X theirs`,
			// `-s ours`) could settle a conflict by dropping one side: this merge takes none.
			[`branch.${branch.slice("refs/heads/".length)}.mergeOptions`, ""],
			// A recorded resolution would be replayed over the conflict markers.
			["rerere.enabled", "false"],
		],
	})
	const message = `Merge branch '${ref.branch}': ${ref.title.trim() || ref.branch}`
	try {
		const merged = await merging.run(
			[
				"merge",
				"--no-ff",
				"--no-squash",
				"--no-edit",
				"--no-autostash",
				"--no-verify-signatures",
				"--no-stat",
				`--message=${message}`,
				"--end-of-options",
				tip,
			],
			{ okExitCodes: [1] },
		)
		if (merged.code === 0) return { how: "merge" }
	} catch (error) {
		if (!(error instanceof GitError) || (await operationInProgress(tree.git))) throw error
		throw new LandingError(text("landing.mergeRefused", { reason: error.reason || error.message }))
	}
	const conflicts = await unmergedFiles(tree.git)
	if (conflicts.length === 0 || !(await operationInProgress(tree.git)))
		throw new LandingError(text("landing.mergeStopped"))
	return { how: "merge", conflicts }
}
