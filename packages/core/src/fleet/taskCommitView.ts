import type { ChangesView } from "../host/Host.js"
import { gitAt, gitSays } from "../worktrees/landing/landingGit.js"

/** As the board's diff view: more files are unreadable, larger blobs are shown as empty. */
const maxFilesShown = 300
const maxBytesShown = 10_000_000

/**
 * A fleet task's work as the editor's multi-file diff: its commit against its parent (the task's
 * work is one commit on its base, see commitTaskWork), both read from `repository`, the person's
 * own. Undefined when the repository does not hold that commit on that branch (the run was on
 * another machine, or its branch was removed or moved on).
 */
export async function taskCommitView(
	repository: string,
	work: { branch: string; commit: string },
	title: string,
): Promise<ChangesView | undefined> {
	const git = await gitAt(repository)
	const known = await gitSays(
		git,
		["cat-file", "-e", "--end-of-options", `${work.commit}^{commit}`],
		[1, 128],
	)
	const onBranch =
		known &&
		(await gitSays(
			git,
			["merge-base", "--is-ancestor", "--end-of-options", work.commit, `refs/heads/${work.branch}`],
			[1, 128],
		))
	if (!onBranch) return undefined
	const listed = await git.run([
		"diff",
		"--name-status",
		"-z",
		"--no-renames",
		`${work.commit}^`,
		work.commit,
	])
	const fields = listed.stdout
		.toString("utf8")
		.split("\0")
		.filter((field) => field !== "")
	const blob = async (path: string, at: string): Promise<Uint8Array | undefined> => {
		const read = await git.run(["cat-file", "blob", `${at}:${path}`], {
			okExitCodes: [128],
			maxBytes: maxBytesShown,
		})
		return read.code === 0 && !read.truncated ? read.stdout : undefined
	}
	const changes: ChangesView["changes"] = []
	for (let i = 0; i + 1 < fields.length && changes.length < maxFilesShown; i += 2) {
		const status = fields[i] as string
		const path = fields[i + 1] as string
		const after = status === "D" ? undefined : await blob(path, work.commit)
		changes.push({
			relativePath: path,
			before: status === "A" ? undefined : await blob(path, `${work.commit}^`),
			existsNow: status !== "D",
			...(after !== undefined && { after }),
		})
	}
	return { title, root: repository, changes }
}
