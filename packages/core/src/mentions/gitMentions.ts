import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
import type { WorkspaceAccess } from "./fileMentions.js"
import { mentionBlock, mentionLimits, unresolvedBlock } from "./mentionBlock.js"
import { runWorkspaceGit } from "./workspaceGit.js"

const diffOptions = ["--no-ext-diff", "--no-textconv", "--no-color"]

const notARepository = (message: string) =>
	/not a git repository/i.test(message) ? "the workspace is not a git repository" : message

/**
 * Drops the files .cairnignore blocks from a patch (each `diff --git a/x b/x` section) and
 * from `git status --short` lines, saying how many were left out.
 */
function withoutIgnored(access: WorkspaceAccess, patch: string): { text: string; dropped: number } {
	const sections = patch.split(/(?=^diff --git )/m)
	let dropped = 0
	const kept = sections.filter((section) => {
		const header = /^diff --git a\/(.+?) b\/(.+)$/m.exec(section)
		if (header === null) return true
		const allowed = [header[1], header[2]].every((p) => p === undefined || access.ignore.isAllowed(p))
		if (!allowed) dropped++
		return allowed
	})
	return { text: kept.join(""), dropped }
}

function statusWithoutIgnored(access: WorkspaceAccess, status: string): { text: string; dropped: number } {
	let dropped = 0
	const lines = status.split("\n").filter((line) => {
		if (line.length < 4) return line !== ""
		const paths = line.slice(3).split(" -> ")
		const allowed = paths.every((p) => access.ignore.isAllowed(p.replace(/^"|"$/g, "")))
		if (!allowed) dropped++
		return allowed
	})
	return { text: lines.join("\n"), dropped }
}

const cutNote = (truncated: boolean) =>
	truncated
		? `\n[… cut: the diff is longer than ${mentionLimits.gitChars} bytes; the rest is left out]`
		: ""

const ignoredNote = (dropped: number) =>
	dropped > 0 ? `\n[${dropped} changed files blocked by ${cairnIgnoreFile} are left out]` : ""

/** `@git-changes`: the working tree's status and its diff against HEAD (staged and unstaged). */
export async function gitChangesMention(access: WorkspaceAccess): Promise<string> {
	const cwd = access.workspaceRoot
	try {
		const status = await runWorkspaceGit(cwd, ["status", "--short", "--untracked-files=all"], {
			maxBytes: mentionLimits.gitChars,
		})
		const hasHead = await runWorkspaceGit(cwd, ["rev-parse", "--verify", "-q", "HEAD"], { maxBytes: 200 })
			.then(() => true)
			.catch(() => false)
		const diff = await runWorkspaceGit(
			cwd,
			["diff", ...diffOptions, ...(hasHead ? ["HEAD"] : ["--cached"])],
			{
				maxBytes: mentionLimits.gitChars,
			},
		)
		const shownStatus = statusWithoutIgnored(access, status.stdout)
		const shownDiff = withoutIgnored(access, diff.stdout)
		const body =
			shownStatus.text.trim() === ""
				? "No changes: the working tree is clean."
				: `git status --short:\n${shownStatus.text}\n\n${shownDiff.text.trim() === "" ? "(no diff of tracked files)" : `git diff:\n${shownDiff.text}`}` +
					cutNote(diff.truncated) +
					ignoredNote(shownStatus.dropped)
		return mentionBlock("git_working_state", {}, body)
	} catch (error) {
		return unresolvedBlock("git_working_state", {}, notARepository((error as Error).message))
	}
}

/** `@<hash>`: one commit, as `git show` tells it (message, stat and patch), capped. */
export async function commitMention(access: WorkspaceAccess, hash: string): Promise<string> {
	const cwd = access.workspaceRoot
	try {
		// --end-of-options: the hash can never be read as an option, whatever it is.
		const shown = await runWorkspaceGit(
			cwd,
			[
				"show",
				...diffOptions,
				"--stat",
				"--patch",
				"--format=fuller",
				"--end-of-options",
				`${hash}^{commit}`,
			],
			{ maxBytes: mentionLimits.gitChars },
		)
		const kept = withoutIgnored(access, shown.stdout)
		return mentionBlock(
			"git_commit",
			{ hash },
			kept.text + cutNote(shown.truncated) + ignoredNote(kept.dropped),
		)
	} catch (error) {
		const message = notARepository((error as Error).message)
		const reason =
			/bad revision|unknown revision|ambiguous argument|Needed a single revision|bad object/i.test(
				message,
			)
				? `there is no commit ${hash} in the repository`
				: message
		return unresolvedBlock("git_commit", { hash }, reason)
	}
}

export interface RecentCommit {
	hash: string
	subject: string
}

/** The latest commits of the repository, for the mention menu; none outside a repository. */
export async function recentCommits(workspaceRoot: string, count = 10): Promise<RecentCommit[]> {
	try {
		const log = await runWorkspaceGit(workspaceRoot, ["log", `-n${count}`, "--format=%h%x09%s"], {
			maxBytes: 20_000,
		})
		return log.stdout
			.split("\n")
			.filter((line) => line.includes("\t"))
			.map((line) => {
				const [hash = "", ...subject] = line.split("\t")
				return { hash, subject: subject.join("\t") }
			})
	} catch {
		return []
	}
}
