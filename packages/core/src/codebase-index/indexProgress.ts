/** Where an indexing run stands, for a progress display. */
export interface IndexProgress {
	/** `stopped`: the run was cancelled or failed; what it embedded is kept. */
	phase: "scanning" | "indexing" | "done" | "stopped"
	/** Files looked at so far out of `totalFiles` (unchanged ones count at once). */
	processedFiles: number
	totalFiles: number
	/** Files whose chunks were embedded in this run. */
	embeddedFiles: number
	/** Why a `stopped` run failed; absent when it was cancelled. */
	error?: string
}

/** How an indexing run ended. */
export interface IndexRunResult {
	totalFiles: number
	embeddedFiles: number
	removedFiles: number
	/** Files left out: binary, too large, unreadable. */
	skippedFiles: number
	chunks: number
}
