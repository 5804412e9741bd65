import type { HardenedGit } from "../../git/hardenedGit.js"
import { nulFields } from "../../git/gitOutput.js"
import { LandingError } from "./landingError.js"
import { gitAt, gitText } from "./landingGit.js"
import type { HostText } from "./landingText.js"
import { filesInTheWay, operationInProgress, unmergedFiles } from "./workTreeState.js"

/** The person's main work tree: git at its top folder. */
export interface PersonWorkTree {
	git: HardenedGit
	top: string
}

export async function openPersonWorkTree(repository: string): Promise<PersonWorkTree> {
	const found = await gitAt(repository)
	const top = await gitText(found, ["rev-parse", "--show-toplevel"])
	return { git: await gitAt(top), top }
}

/** Refuses when the person has a merge, rebase, cherry-pick or revert unfinished, or conflicts unresolved. */
export async function refuseUnfinished(tree: PersonWorkTree, text: HostText): Promise<void> {
	if (await operationInProgress(tree.git)) throw new LandingError(text("landing.unfinishedOperation"))
	const unmerged = await unmergedFiles(tree.git)
	if (unmerged.length > 0)
		throw new LandingError(text("landing.unresolvedConflicts", { names: text.list(unmerged) }))
}

/** Paths that differ between two commits (both sides of a rename), as a set. */
export async function pathsChanged(tree: PersonWorkTree, from: string, to: string): Promise<Set<string>> {
	const diff = await tree.git.run(["diff", "--name-only", "-z", "--no-renames", from, to])
	return new Set(nulFields(diff.stdout))
}

/** Refuses, naming them, when files of the person's stand where the landing would write. */
export async function refuseFilesInTheWay(
	tree: PersonWorkTree,
	touched: ReadonlySet<string>,
	text: HostText,
): Promise<void> {
	const inTheWay = await filesInTheWay(tree.git, tree.top, touched)
	if (inTheWay.length > 0)
		throw new LandingError(text("landing.filesInTheWay", { names: text.list(inTheWay) }))
}
