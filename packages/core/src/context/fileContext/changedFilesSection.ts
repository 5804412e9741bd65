import type { FileChange } from "./fileContextTracker.js"

export const changedFilesHeading = "# Files changed since you read them"

/**
 * The environment details' section naming the files the model's copy of is out of date, with
 * what to do about it; undefined when there are none.
 */
export function changedFilesSection(changes: readonly FileChange[]): string | undefined {
	if (changes.length === 0) return undefined
	const lines = [...changes]
		.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
		.map((change) => `${change.path} (${change.kind})`)
	return [
		changedFilesHeading,
		"The user or a command changed these files after you last read or edited them, so what you know of them is out of date. " +
			"Read a changed file again before you edit it. A deleted file no longer exists.",
		...lines,
	].join("\n")
}
