import type { Landing } from "@cairn/types"
import { GitError } from "../../git/gitError.js"
import { LandingError } from "./landingError.js"
import { commitOf } from "./landingGit.js"
import type { HostText } from "./landingText.js"
import { openPersonWorkTree, pathsChanged, refuseFilesInTheWay, refuseUnfinished } from "./personWorkTree.js"
import { unmergedFiles } from "./workTreeState.js"
import { branchRef, type WorktreeRef } from "./worktreeRef.js"

/**
 * Applies the worktree's change (its base to its branch) to the person's main work tree as
 * uncommitted changes, staged as git's three-way apply leaves them. Only the change's files are
 * written; refuses, naming them, when the person has uncommitted work in any of them. Where their
 * branch moved on and a file does not take the change cleanly, git merges it and leaves conflict
 * markers with both sides, listed in `conflicts`.
 */
export async function applyLanding(ref: WorktreeRef, text: HostText): Promise<Landing> {
	const tree = await openPersonWorkTree(ref.repository)
	await refuseUnfinished(tree, text)
	const base = await commitOf(tree.git, ref.baseCommit)
	const tip = await commitOf(tree.git, branchRef(ref))
	const touched = await pathsChanged(tree, base, tip)
	if (touched.size === 0) return { how: "apply" }
	await refuseFilesInTheWay(tree, touched, text)
	// Full blob names: what lets git fall back to a three-way merge for a file that moved on.
	const patch = await tree.git.run(["diff", "--binary", "--full-index", "--no-renames", base, tip])
	try {
		// `--whitespace=nowarn`: the change goes in as the task wrote it, whatever apply.whitespace says.
		await tree.git.run(["apply", "--3way", "--whitespace=nowarn"], { input: patch.stdout })
		return { how: "apply" }
	} catch (error) {
		if (!(error instanceof GitError)) throw error
		const conflicts = (await unmergedFiles(tree.git)).filter((path) => touched.has(path))
		if (conflicts.length > 0) return { how: "apply", conflicts }
		throw new LandingError(text("landing.applyRefused", { reason: error.reason || error.message }))
	}
}
