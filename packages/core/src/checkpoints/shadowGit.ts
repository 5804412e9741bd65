import { statSync } from "node:fs"
import path from "node:path"
import { HardenedGit, type GitRun } from "../git/hardenedGit.js"
import type { GitSession } from "../git/gitSession.js"
import type { RepeatedGit } from "../git/repeatedGit.js"
import type { StartLimits, StartRequest } from "../git/processStarter.js"
import type { GitWrap } from "./confinedGit.js"
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

/** What runs outside the sandbox (see ShadowGit.git): `ls-files` compares a file with its entry at most, and answers names. */
const unconfinedCommands = new Set([
	"init",
	"rev-parse",
	"ls-files",
	"check-ignore",
	"write-tree",
	"cat-file",
	"diff-tree",
	"update-ref",
	"log",
	"show",
	"index-pack",
])

/**
 * What reads none of a checkpoint's trees, so need not wait for the trees still being packed (see
 * PackedTrees): the listing and the index's own commands (the index's trees are git's), rules,
 * refs, and the packing itself. Any other git, and any added later, runs once they are packed.
 */
const readsNoCheckpointTree = new Set([
	"init",
	"ls-files",
	"check-ignore",
	"update-index",
	"write-tree",
	"update-ref",
	"index-pack",
])

const sessions = new Map<string, { folders: string; session: GitSession }>()
const listings = new Map<string, RepeatedGit>()

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
	private readonly confinedGit: HardenedGit
	private readonly plainGit: HardenedGit
	private readonly confined: boolean
	private treesReadable: () => Promise<void> = async () => {}

	constructor(
		readonly gitDir: string,
		readonly workTree: string,
		timeoutMs = shadowGitTimeoutMs,
		/** How git starts: confined in bubblewrap (see confineGit), or as it is. */
		wrap?: GitWrap,
	) {
		this.confined = wrap !== undefined
		const repository = {
			gitDir,
			workTree,
			settings: shadowSettings,
			variables: checkpointAuthor,
			starter: (request: StartRequest, limits: StartLimits) =>
				processLauncher.run({ ...request, timeoutMs: limits.timeoutMs }),
			timeoutMs,
		}
		this.confinedGit = HardenedGit.forOwn({ ...repository, wrap })
		this.plainGit = HardenedGit.forOwn(repository)
	}

	/**
	 * Confined unless `command` never reads a workspace file's content: those below look at the
	 * files' stat, names or rules (a listing's answer is names) or only at the repository, and run
	 * without bubblewrap's start (a listing is on every checkpoint's way). Any other, and any
	 * added later, reads the workspace only from inside the sandbox.
	 */
	private git(command: string | undefined): HardenedGit {
		return command !== undefined && unconfinedCommands.has(command) ? this.plainGit : this.confinedGit
	}

	async run(args: readonly string[], options: GitRun = {}): Promise<Buffer> {
		return (await this.exec(args, options)).stdout
	}

	async text(args: readonly string[], options: GitRun = {}): Promise<string> {
		return (await this.run(args, options)).toString("utf8")
	}

	/**
	 * The listing every checkpoint runs, the one git a command waits for: run by a shell that stays
	 * alive (see RepeatedGit), so a turn starts no process from the host or its launcher. A listing
	 * that fails there, or a shell that is gone, and it runs as any other git, which says why.
	 * Unconfined, as `run` would run it.
	 */
	async list(args: readonly string[]): Promise<Buffer> {
		if (args[0] !== "ls-files") throw new Error(`not a listing: git ${args.join(" ")}`)
		if (process.platform !== "win32") {
			const answer = await this.repeatedListing(args)
				.run()
				.catch(() => undefined)
			if (answer?.code === 0) return answer.stdout
		}
		return this.run(args)
	}

	/** One per command line and repository in this process, ended with the process launcher (see session). */
	private repeatedListing(args: readonly string[]): RepeatedGit {
		const key = JSON.stringify([this.gitDir, this.workTree, args])
		let listing = listings.get(key)
		if (listing === undefined) {
			listing = processLauncher.adopt(this.plainGit.repeated(args))
			listings.set(key, listing)
		}
		return listing
	}

	/** Runs and returns the exit code with the output, for the commands whose code is the answer. */
	async exec(args: readonly string[], options: GitRun = {}): Promise<{ code: number; stdout: Buffer }> {
		if (!readsNoCheckpointTree.has(args[0] ?? "")) await this.treesReadable()
		return this.git(args[0]).run(args, options)
	}

	/** What makes every checkpoint's tree readable by git, run before a git that may read one. */
	beforeReadingTrees(makeReadable: () => Promise<void>): void {
		this.treesReadable = makeReadable
	}

	/**
	 * The git of this repository that stays alive for requests on its input (see GitSession),
	 * one per command line and repository in this process. The process launcher's dispose ends
	 * it with the launcher, so none outlives the host's shutdown. A confined git sees the folders
	 * that were there when it started: once the workspace or the repository's folder is another
	 * (removed and made again), a new one starts and the old one ends.
	 */
	session(args: readonly string[]): GitSession {
		const key = JSON.stringify([this.gitDir, this.workTree, args])
		const folders =
			this.confined && !unconfinedCommands.has(args[0] ?? "")
				? folderIdentity([this.workTree, path.dirname(this.gitDir)])
				: ""
		const known = sessions.get(key)
		if (known?.folders === folders) return known.session
		if (known !== undefined) void known.session.close()
		const session = processLauncher.adopt(this.git(args[0]).session(args))
		sessions.set(key, { folders, session })
		return session
	}

	/**
	 * A long-lived git of this repository for one caller alone, which may end it between its
	 * requests (see `session`, which one process's callers share). Ended with the process launcher.
	 */
	ownSession(args: readonly string[]): GitSession {
		return processLauncher.adopt(this.git(args[0]).session(args))
	}
}

/** Which folders (device and inode) the paths name now; "" for one that is not there. */
function folderIdentity(folders: readonly string[]): string {
	return folders
		.map((folder) => {
			const stats = statSync(folder, { bigint: true, throwIfNoEntry: false })
			return stats === undefined ? "" : `${stats.dev}:${stats.ino}`
		})
		.join(" ")
}
