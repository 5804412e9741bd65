/** Landing a task's worktree: its diff, what discarding it would lose, landing it, and its checks. */
export { checkCommand } from "./checkCommand.js"
export { LandingError } from "./landingError.js"
export { landWorktree, type LandingHow, type LandOptions } from "./landWorktree.js"
export type { LandingOutcome } from "./pullRequestLanding.js"
export { runChecks, type CheckRun, type CheckRunner, type RunChecksOptions } from "./runChecks.js"
export { unlandedWork } from "./unlandedWork.js"
export {
	totalsOf,
	worktreeChanges,
	worktreeDiff,
	type ChangedFile,
	type WorktreeDiff,
} from "./worktreeChanges.js"
export type { WorktreeRef } from "./worktreeRef.js"
