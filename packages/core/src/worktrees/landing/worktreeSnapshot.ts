import { copyFile, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import type { HardenedGit } from "../../git/hardenedGit.js"
import { commitOf, gitAt, gitText } from "./landingGit.js"
import { workPathspecs, type WorktreeRef } from "./worktreeRef.js"

/**
 * Runs `read` with git whose index holds the worktree's files as they are now: committed,
 * changed and untracked alike (ignored files and the setup's links left out), exactly what
 * landing would commit. The index is a copy in a temporary folder, so the worktree's own index
 * (and a git the task runs at the same time) is never touched; `base` is the base's hash.
 */
export async function withWorktreeSnapshot<T>(
	ref: WorktreeRef,
	read: (git: HardenedGit, base: string) => Promise<T>,
): Promise<T> {
	const git = await gitAt(ref.path)
	const base = await commitOf(git, ref.baseCommit)
	const ownIndex = await gitText(git, ["rev-parse", "--path-format=absolute", "--git-path", "index"])
	const folder = await mkdtemp(path.join(tmpdir(), "cairn-snapshot-"))
	try {
		const index = path.join(folder, "index")
		await copyFile(ownIndex, index).catch((error: NodeJS.ErrnoException) => {
			// A worktree with no index yet: git starts from an empty one.
			if (error.code !== "ENOENT") throw error
		})
		const snapshot = await gitAt(ref.path, { variables: { GIT_INDEX_FILE: index } })
		await snapshot.run(["add", "--all", "--", ...workPathspecs(ref)])
		return await read(snapshot, base)
	} finally {
		await rm(folder, { recursive: true, force: true })
	}
}
