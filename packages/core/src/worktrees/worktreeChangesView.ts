import type { ChangesView } from "../host/Host.js"
import { gitAt } from "./landing/landingGit.js"
import type { ChangedFile, WorktreeRef } from "./landing/index.js"

/** A diff editor of more files than this is unreadable; the patch (`cardDiff`) has them all. */
const maxFilesShown = 300
/** A base version larger than this is shown as empty rather than held in memory. */
const maxBytesShown = 10_000_000

/**
 * The editor's multi-file diff of a task's worktree: each changed file as its base commit had it
 * against the file in the worktree now (the paths are relative to the worktree, which is the
 * view's root). A renamed file is shown under its new name, from nothing.
 */
export async function worktreeChangesView(
	ref: WorktreeRef,
	files: readonly ChangedFile[],
	title: string,
): Promise<ChangesView> {
	const git = await gitAt(ref.path)
	const changes: ChangesView["changes"] = []
	for (const file of files.slice(0, maxFilesShown)) {
		let before: Uint8Array | undefined
		if (file.change === "modified" || file.change === "deleted") {
			const blob = await git.run(["cat-file", "blob", `${ref.baseCommit}:${file.path}`], {
				okExitCodes: [128],
				maxBytes: maxBytesShown,
			})
			before = blob.code === 0 && !blob.truncated ? blob.stdout : undefined
		}
		changes.push({ relativePath: file.path, before, existsNow: file.change !== "deleted" })
	}
	return { title, root: ref.path, changes }
}
