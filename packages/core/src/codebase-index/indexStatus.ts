import { activeEmbedding, type CodebaseIndexSettings, type CodebaseIndexStatus } from "@cairn/types"
import type { IndexProgress } from "./indexProgress.js"

export interface IndexFacts {
	settings: CodebaseIndexSettings
	/** The current or last run's latest progress; undefined before the first run reports. */
	progress: IndexProgress | undefined
	searchable: boolean
	hasOwnKey: boolean
}

/** What the person is shown about the index: the settings decide whether there is one, its runs the rest. */
export function indexStatusOf({
	settings,
	progress,
	searchable,
	hasOwnKey,
}: IndexFacts): CodebaseIndexStatus {
	const counts = { processedFiles: progress?.processedFiles ?? 0, totalFiles: progress?.totalFiles ?? 0 }
	const base = { ...counts, searchable, hasOwnKey }
	if (!settings.enabled) return { state: "off", ...base, searchable: false }
	if (activeEmbedding(settings) === undefined) return { state: "unconfigured", ...base, searchable: false }
	switch (progress?.phase) {
		case undefined:
			return { state: searchable ? "ready" : "indexing", ...base }
		case "scanning":
		case "indexing":
			return { state: "indexing", ...base }
		case "done":
			return { state: "ready", ...base }
		case "stopped":
			return progress.error === undefined
				? { state: "stopped", ...base }
				: { state: "failed", ...base, error: progress.error }
	}
}

/**
 * Whether a new status is worth sending: a run reports every file, but a progress display moves
 * in whole percents, so thousands of files cost about a hundred messages.
 */
export function statusChanged(before: CodebaseIndexStatus | undefined, after: CodebaseIndexStatus): boolean {
	if (before === undefined) return true
	const percent = (status: CodebaseIndexStatus) =>
		status.totalFiles === 0 ? 0 : Math.floor((status.processedFiles * 100) / status.totalFiles)
	return (
		before.state !== after.state ||
		before.searchable !== after.searchable ||
		before.hasOwnKey !== after.hasOwnKey ||
		before.error !== after.error ||
		before.totalFiles !== after.totalFiles ||
		percent(before) !== percent(after)
	)
}
