import type { JsonlJournal } from "./jsonlJournal.js"

/**
 * When a journal is worth rewriting. Rewriting costs O(task), so it waits until most records
 * are superseded (edits of a UI message, merges into a user message) and the file is big
 * enough to matter; the cost is then paid back by the records it removes.
 */
export interface CompactionPolicy {
	/** Journals with this many records or fewer are left alone. */
	minRecords: number
	/** Compact when more than this share (0..1) of the records is superseded. */
	supersededShare: number
}

export const defaultCompactionPolicy: CompactionPolicy = { minRecords: 200, supersededShare: 0.5 }

export interface JournalStats {
	/** Records in the file. */
	records: number
	/** Records left after folding. */
	live: number
}

export function shouldCompact(stats: JournalStats, policy: CompactionPolicy): boolean {
	if (stats.records <= policy.minRecords) return false
	return (stats.records - stats.live) / stats.records > policy.supersededShare
}

export type CompactionOutcome =
	{ compacted: true; recordsBefore: number; recordsAfter: number } | { compacted: false; reason: string }

/**
 * Rewrites `journal` with only its live records (atomically: temp file, fsync, rename), when
 * the policy says it is worth it for the file as it is now. A journal with damaged lines is
 * left as it is: those bytes may still be worth a person's look, and rewriting would drop them.
 */
export async function compactJournal<T>(
	journal: JsonlJournal<T>,
	fold: (records: readonly T[]) => T[],
	policy: CompactionPolicy,
): Promise<CompactionOutcome> {
	let outcome: CompactionOutcome = { compacted: false, reason: "not run" }
	await journal.rewrite((current) => {
		if (current.damagedLines.length > 0) {
			outcome = { compacted: false, reason: "the journal has damaged lines, kept for inspection" }
			return undefined
		}
		const live = fold(current.records)
		if (!shouldCompact({ records: current.records.length, live: live.length }, policy)) {
			outcome = { compacted: false, reason: "not enough superseded records" }
			return undefined
		}
		outcome = { compacted: true, recordsBefore: current.records.length, recordsAfter: live.length }
		return live
	})
	return outcome
}
