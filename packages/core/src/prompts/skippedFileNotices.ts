/**
 * Tells the person once per task about each repository file that was not read (a rules file
 * that links outside the workspace, a FIFO, an unreadable ignore file). The rules are read before
 * every request, and the same line at every turn would bury the chat.
 */
export class SkippedFileNotices {
	private readonly shown = new Set<string>()

	/** Calls `say` for each reason not said before in this task. */
	report(reasons: readonly (string | undefined)[], say: (reason: string) => void): void {
		for (const reason of reasons) {
			if (reason === undefined || this.shown.has(reason)) continue
			this.shown.add(reason)
			say(reason)
		}
	}
}
