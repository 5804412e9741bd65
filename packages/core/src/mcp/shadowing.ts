import type { ServerEntry } from "./serverConfig.js"

/** A server as it will run: the entry used, and the files whose entries of the same name it hides. */
export interface WinningEntry {
	entry: ServerEntry
	/** Absolute config files, in lookup order. */
	shadows: string[]
}

/**
 * The servers of files read in lookup order: a name's first entry is used (valid or not, so a
 * broken entry in Cairn's own file is shown, not silently replaced by another tool's), and every
 * later file defining the name is recorded as shadowed by it. In the order first defined.
 */
export function firstDefinitionWins(
	files: readonly { file: string; entries: readonly ServerEntry[] }[],
): Map<string, WinningEntry> {
	const winners = new Map<string, WinningEntry>()
	for (const { file, entries } of files)
		for (const entry of entries) {
			const winner = winners.get(entry.name)
			if (winner === undefined) winners.set(entry.name, { entry, shadows: [] })
			else winner.shadows.push(file)
		}
	return winners
}
