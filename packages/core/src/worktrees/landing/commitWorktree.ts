import { LandingError } from "./landingError.js"
import { commitIdentity, gitAt, gitSays } from "./landingGit.js"
import type { HostText } from "./landingText.js"
import { currentBranch, operationInProgress, unmergedFiles } from "./workTreeState.js"
import { branchRef, workPathspecs, type WorktreeRef } from "./worktreeRef.js"

/**
 * Commits everything not yet committed in the worktree (changed, deleted and new files; ignored
 * files and the setup's links left out) on its branch, the task's title as the message, so that
 * landing takes all of the task's work and nothing is left behind in the worktree's folder.
 * Refuses when the worktree is not on its branch or has a merge or conflicts of its own unfinished.
 */
export async function commitWorktreeWork(ref: WorktreeRef, text: HostText): Promise<void> {
	const git = await gitAt(ref.path)
	if ((await currentBranch(git)) !== branchRef(ref))
		throw new LandingError(text("landing.worktreeNotOnBranch", { branch: ref.branch }))
	if ((await operationInProgress(git)) || (await unmergedFiles(git)).length > 0)
		throw new LandingError(text("landing.worktreeUnfinished"))
	const committing = await gitAt(ref.path, { variables: await commitIdentity(ref.path) })
	await committing.run(["add", "--all", "--", ...workPathspecs(ref)])
	if (await gitSays(committing, ["diff", "--cached", "--quiet"])) return
	const message = ref.title.trim() === "" ? ref.branch : ref.title
	await committing.run(["commit", "--quiet", "--no-verify", "--cleanup=whitespace", "--file=-"], {
		input: `${message}\n`,
	})
}
