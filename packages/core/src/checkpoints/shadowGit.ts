import { HardenedGit, type GitRun } from "../git/hardenedGit.js"
import type { GitSession } from "../git/gitSession.js"
import { processLauncher } from "./processLauncher.js"

/**
 * Settings of the shadow repository on top of the hardened ones (see gitHardening): no
 * line-ending conversion can change bytes, and the work tree is trusted although another user
 * may own it (the shadow's git folder is Cairn's own). The index is split: each checkpoint
 * writes the entries that changed, not one entry per file of the workspace (a whole index per
 * checkpoint made what a task writes grow with the square of its files); the shared part is
 * rewritten once the changes reach a tenth of it, and the one it replaced removed.
 */
const shadowSettings: readonly (readonly [string, string])[] = [
	["core.autocrlf", "false"],
	["core.safecrlf", "false"],
	["core.symlinks", "true"],
	["core.fileMode", "true"],
	["core.longpaths", "true"],
	["safe.directory", "*"],
	["core.splitIndex", "true"],
	["splitIndex.maxPercentChange", "10"],
	["splitIndex.sharedIndexExpire", "now"],
]

/**
 * How long one shadow git may run: far past a first checkpoint of a large workspace (20,000
 * files take ~3 s here), and what a git held by a FIFO in the workspace (a .gitignore or
 * .gitattributes it opens and waits on) costs before checkpoints turn off for the task.
 */
export const shadowGitTimeoutMs = 120_000

const sessions = new Map<string, GitSession>()

export const checkpointAuthor = {
	GIT_AUTHOR_NAME: "Cairn",
	GIT_AUTHOR_EMAIL: "checkpoints@cairn.invalid",
	GIT_COMMITTER_NAME: "Cairn",
	GIT_COMMITTER_EMAIL: "checkpoints@cairn.invalid",
}

/**
 * The system git against one shadow repository: its own git folder, the workspace as the work
 * tree, through the hardened git helper. The host's process launcher starts it (see
 * ProcessLauncher): a checkpoint's git runs then cost the host a line of JSON each way.
 */
export class ShadowGit {
	private readonly git: HardenedGit

	constructor(
		readonly gitDir: string,
		readonly workTree: string,
		timeoutMs = shadowGitTimeoutMs,
	) {
		this.git = HardenedGit.forOwn({
			gitDir,
			workTree,
			settings: shadowSettings,
			variables: checkpointAuthor,
			starter: (request, limits) => processLauncher.run({ ...request, timeoutMs: limits.timeoutMs }),
			timeoutMs,
		})
	}

	async run(args: readonly string[], options: GitRun = {}): Promise<Buffer> {
		return (await this.git.run(args, options)).stdout
	}

	async text(args: readonly string[], options: GitRun = {}): Promise<string> {
		return (await this.run(args, options)).toString("utf8")
	}

	/** Runs and returns the exit code with the output, for the commands whose code is the answer. */
	exec(args: readonly string[], options: GitRun = {}): Promise<{ code: number; stdout: Buffer }> {
		return this.git.run(args, options)
	}

	/**
	 * The git of this repository that stays alive for requests on its input (see GitSession),
	 * one per command line and repository in this process. The process launcher's dispose ends
	 * it with the launcher, so none outlives the host's shutdown.
	 */
	session(args: readonly string[]): GitSession {
		const key = JSON.stringify([this.gitDir, this.workTree, args])
		const known = sessions.get(key)
		if (known !== undefined) return known
		const session = processLauncher.adopt(this.git.session(args))
		sessions.set(key, session)
		return session
	}
}
