import { GitError } from "../git/gitError.js"
import { nulFields, patchSections } from "../git/gitOutput.js"
import { HardenedGit, type GitResult } from "../git/hardenedGit.js"
import type { WorkspaceAccess } from "./fileMentions.js"
import { GitPathFilter, LeftOut, shownPath } from "./gitPathFilter.js"
import { mentionBlock, mentionLimits, unresolvedBlock } from "./mentionBlock.js"

const maxBytes = mentionLimits.gitChars

/** Why git could not answer, in the words the person sees. */
function reasonOf(error: unknown): string {
	const message = error instanceof GitError ? error.reason || error.message : (error as Error).message
	return /not a git repository/i.test(message) ? "the workspace is not a git repository" : message
}

/** Git for the workspace's repository, and the filter for the paths it names. */
async function openRepository(access: WorkspaceAccess): Promise<{ git: HardenedGit; filter: GitPathFilter }> {
	const git = await HardenedGit.forPerson({ cwd: access.workspaceRoot })
	// Where the workspace sits in the repository: "" at its root, else "dir/".
	const shown = await git.run(["rev-parse", "--show-prefix"], { maxBytes: 64_000 })
	const prefix = shown.stdout.toString("utf8").replace(/\n$/, "")
	return { git, filter: new GitPathFilter(access, prefix) }
}

/** The sections of a patch whose files may be shown; `leftOut` counts the others. */
function shownPatch(filter: GitPathFilter, patch: Buffer, leftOut: LeftOut): string {
	return patchSections(patch.toString("utf8"))
		.filter((section) => section.path === "" || leftOut.keeps(filter.verdict(section.path)))
		.map((section) => section.text)
		.join("")
}

/** The -z fields of output that may have been cut: a cut last field is dropped. */
function completeFields(output: GitResult): string[] {
	const fields = nulFields(output.stdout)
	if (output.truncated) fields.pop()
	return fields
}

const cutNote = (truncated: boolean) =>
	truncated ? `\n[… cut: the diff is longer than ${maxBytes} bytes; the rest is left out]` : ""

/** `@git-changes`: the working tree's status and its diff against HEAD (staged and unstaged). */
export async function gitChangesMention(access: WorkspaceAccess): Promise<string> {
	try {
		const { git, filter } = await openRepository(access)
		const status = await git.run(
			["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"],
			{ maxBytes },
		)
		const leftOut = new LeftOut()
		const lines = completeFields(status)
			.filter((entry) => leftOut.keeps(filter.verdict(entry.slice(3))))
			.map((entry) => `${entry.slice(0, 2)} ${shownPath(entry.slice(3))}`)
		if (lines.length === 0 && !leftOut.any)
			return mentionBlock("git_working_state", {}, "No changes: the working tree is clean.")
		const head = await git.run(["rev-parse", "--verify", "-q", "HEAD"], {
			maxBytes: 200,
			okExitCodes: [1],
		})
		const diff = await git.run(["diff", "--no-renames", head.code === 0 ? "HEAD" : "--cached"], {
			maxBytes,
		})
		// The status counted the files left out already; the diff adds only the sections it could not read.
		const diffLeftOut = new LeftOut()
		const patch = shownPatch(filter, diff.stdout, diffLeftOut)
		const body =
			`git status --short:\n${lines.join("\n")}\n\n` +
			(patch.trim() === "" ? "(no diff of tracked files)" : `git diff:\n${patch}`) +
			cutNote(status.truncated || diff.truncated) +
			leftOut.notes() +
			diffLeftOut.notes(["unreadable"])
		return mentionBlock("git_working_state", {}, body)
	} catch (error) {
		return unresolvedBlock("git_working_state", {}, reasonOf(error))
	}
}

/** `@<hash>`: one commit: its message, the files it changed and its patch, capped. */
export async function commitMention(access: WorkspaceAccess, hash: string): Promise<string> {
	try {
		const { git, filter } = await openRepository(access)
		// --end-of-options: the hash can never be read as an option, whatever it is.
		const resolved = await git.run(
			["rev-parse", "--verify", "-q", "--end-of-options", `${hash}^{commit}`],
			{
				maxBytes: 200,
				okExitCodes: [1],
			},
		)
		if (resolved.code !== 0)
			return unresolvedBlock("git_commit", { hash }, `there is no commit ${hash} in the repository`)
		const commit = resolved.stdout.toString("utf8").trim()
		const changes = ["--format=", "--no-renames", "--diff-merges=first-parent", commit]
		const header = await git.run(["show", "-s", "--format=fuller", commit], { maxBytes })
		const numstat = await git.run(["show", "--numstat", "-z", ...changes], { maxBytes })
		const patch = await git.run(["show", "--patch", ...changes], { maxBytes })
		const leftOut = new LeftOut()
		const patchLeftOut = new LeftOut()
		// "<added>\t<deleted>\t<path>" a file ("-" counts for a binary one).
		const stat = completeFields(numstat)
			.map((entry) => /^(\S+)\t(\S+)\t([\s\S]*)$/.exec(entry) ?? undefined)
			.filter((match) => leftOut.keeps(filter.verdict(match?.[3])))
			.map((match) => ` ${shownPath(match?.[3] ?? "")} | +${match?.[1]} -${match?.[2]}`)
		const body =
			header.stdout.toString("utf8").trimEnd() +
			`\n\n${stat.join("\n")}\n\n` +
			shownPatch(filter, patch.stdout, patchLeftOut) +
			cutNote(header.truncated || numstat.truncated || patch.truncated) +
			leftOut.notes() +
			patchLeftOut.notes(["unreadable"])
		return mentionBlock("git_commit", { hash }, body)
	} catch (error) {
		return unresolvedBlock("git_commit", { hash }, reasonOf(error))
	}
}

export interface RecentCommit {
	hash: string
	subject: string
}

/** The latest commits of the repository, for the mention menu; none outside a repository. */
export async function recentCommits(workspaceRoot: string, count = 10): Promise<RecentCommit[]> {
	try {
		const git = await HardenedGit.forPerson({ cwd: workspaceRoot })
		const log = await git.run(["log", `-n${count}`, "--format=%h%x09%s"], { maxBytes: 20_000 })
		return log.stdout
			.toString("utf8")
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
