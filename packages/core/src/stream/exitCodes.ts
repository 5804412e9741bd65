/** How a run ended, as scripts see it: the CLI's exit code, and `exitCode` of every `result` line. */
export const ExitCode = {
	/** The task completed. */
	completed: 0,
	/** The task failed: the API failed after its retries, the mistake limit was hit, or an error. */
	failed: 1,
	/** Bad flags or values; nothing ran. */
	usage: 2,
	/** Something needs a person (an approval, an answer) and nobody can give it in this run. */
	needsPerson: 3,
	/** The task could not be saved (a full disk, a read-only folder) and was stopped; what was saved is intact. */
	storage: 4,
	/** A spending limit (--max-cost, --max-tokens, the budgets' settings) was reached and nobody could raise it; `-c` continues. */
	budget: 5,
	/** Cancelled by SIGINT; the task is saved and `-c` continues it. */
	interrupted: 130,
	/** Ended by SIGTERM; saved like SIGINT. */
	terminated: 143,
} as const
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]
