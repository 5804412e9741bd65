/** Git failed, could not be started, or is not installed (`missing`). */
export class GitError extends Error {
	constructor(
		message: string,
		readonly missing = false,
		/** Git's own first line of complaint, when it said one. */
		readonly reason = "",
	) {
		super(message)
		this.name = "GitError"
	}
}
