import { applyLanding } from "./applyLanding.js"
import { commitWorktreeWork } from "./commitWorktree.js"
import { english, type HostText } from "./landingText.js"
import { mergeLanding } from "./mergeLanding.js"
import { pullRequestLanding, type LandingOutcome } from "./pullRequestLanding.js"
import type { WorktreeRef } from "./worktreeRef.js"

export type LandingHow = "merge" | "apply" | "pullRequest"

export interface LandOptions {
	/** The person's language for the sentences (refusals, notes); English when absent. */
	text?: HostText
}

/**
 * Lands a task's work, never losing any of it: first whatever is not committed in the worktree is
 * committed on its branch, then the branch is merged into the person's current branch, applied to
 * their work tree as uncommitted changes, or pushed for a pull request. A refusal (LandingError)
 * says why in a sentence and changes nothing of the person's; a conflict is left for them, listed.
 */
export async function landWorktree(
	ref: WorktreeRef,
	how: LandingHow,
	options: LandOptions = {},
): Promise<LandingOutcome> {
	const text = options.text ?? english
	await commitWorktreeWork(ref, text)
	if (how === "merge") return mergeLanding(ref, text)
	if (how === "apply") return applyLanding(ref, text)
	return pullRequestLanding(ref, text)
}
