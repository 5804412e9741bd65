import type { CardChanges } from "@cairn/types"
import { nulFields } from "../../git/gitOutput.js"
import type { HardenedGit } from "../../git/hardenedGit.js"
import { english, type HostText } from "./landingText.js"
import { withWorktreeSnapshot } from "./worktreeSnapshot.js"
import type { WorktreeRef } from "./worktreeRef.js"

export interface ChangedFile {
	path: string
	change: "added" | "modified" | "deleted" | "renamed"
	added: number
	removed: number
	binary: boolean
}

/** A worktree's change against its base, as the board's `cardDiff` answer carries it. */
export interface WorktreeDiff {
	base: string
	files: ChangedFile[]
	patch: string
}

/** The patch is cut past this, with a marker: a card's diff is for reading, not for applying. */
export const maxPatchBytes = 2_000_000

/** Files the worktree changed against its base, and their added and removed lines (committed or not). */
export async function worktreeChanges(ref: WorktreeRef): Promise<CardChanges> {
	return totalsOf(await withWorktreeSnapshot(ref, changedFiles))
}

/** A card's count of changed files and lines, from the files of a diff. */
export function totalsOf(files: readonly Pick<ChangedFile, "added" | "removed">[]): CardChanges {
	return {
		files: files.length,
		added: files.reduce((sum, file) => sum + file.added, 0),
		removed: files.reduce((sum, file) => sum + file.removed, 0),
	}
}

/** The worktree's change against its base, file by file and as a patch (cut, with a marker, when long). */
export async function worktreeDiff(ref: WorktreeRef, text: HostText = english): Promise<WorktreeDiff> {
	return withWorktreeSnapshot(ref, async (git, base) => {
		const files = await changedFiles(git, base)
		const diff = await git.run(["diff", "--cached", "--find-renames", base], { maxBytes: maxPatchBytes })
		let patch = diff.stdout.toString("utf8")
		if (diff.truncated) {
			// Cut at a line's end: a line cut in two (or a character cut in its bytes) reads as a change.
			patch = patch.slice(0, patch.lastIndexOf("\n") + 1)
			patch += `${text("landing.diffCut", { bytes: maxPatchBytes })}\n`
		}
		return { base, files, patch }
	})
}

const changeOf: Record<string, ChangedFile["change"]> = {
	A: "added",
	M: "modified",
	D: "deleted",
	R: "renamed",
	T: "modified",
}

/** The snapshot's files changed against `base`: their status and their line counts, in git's order. */
async function changedFiles(git: HardenedGit, base: string): Promise<ChangedFile[]> {
	const options = ["--cached", "--find-renames", "-z", base]
	const [status, numstat] = await Promise.all([
		git.run(["diff", "--name-status", ...options]),
		git.run(["diff", "--numstat", ...options]),
	])
	const counts = numstatEntries(nulFields(numstat.stdout))
	const files: ChangedFile[] = []
	const fields = nulFields(status.stdout)
	for (let i = 0; i < fields.length;) {
		const letter = (fields[i] ?? "").charAt(0)
		const renamed = letter === "R" || letter === "C"
		const path = fields[i + (renamed ? 2 : 1)] ?? ""
		i += renamed ? 3 : 2
		const count = counts.get(path)
		files.push({
			path,
			change: changeOf[letter] ?? (renamed ? "renamed" : "modified"),
			added: count?.added ?? 0,
			removed: count?.removed ?? 0,
			binary: count?.binary ?? false,
		})
	}
	return files
}

/**
 * `--numstat -z` by path: "<added>\t<removed>\t<path>" per file, or "<added>\t<removed>\t" then
 * the old and the new path as fields of their own for a rename; "-" counts for a binary file.
 */
function numstatEntries(fields: string[]): Map<string, { added: number; removed: number; binary: boolean }> {
	const entries = new Map<string, { added: number; removed: number; binary: boolean }>()
	for (let i = 0; i < fields.length; i++) {
		const match = /^([-\d]+)\t([-\d]+)\t([\s\S]*)$/.exec(fields[i] ?? "")
		if (match === null) continue
		const [, added = "-", removed = "-", named] = match
		let path = named ?? ""
		if (path === "") {
			path = fields[i + 2] ?? ""
			i += 2
		}
		const binary = added === "-"
		entries.set(path, {
			added: binary ? 0 : Number(added),
			removed: binary ? 0 : Number(removed),
			binary,
		})
	}
	return entries
}
