import { errorMessage } from "./atomicFile.js"

const diskFullCodes = new Set(["ENOSPC", "EDQUOT"])

/**
 * Saving a task failed. The task is stopped rather than run on unsaved: what is on disk stays
 * a consistent prefix of it (as after a crash), and the person is told how to get going again.
 */
export class StorageError extends Error {
	/** The file-system error code (ENOSPC, EROFS, ...), when there is one. */
	readonly code: string | undefined

	constructor(
		readonly taskId: string | undefined,
		what: string,
		cause: unknown,
	) {
		const code = (cause as NodeJS.ErrnoException | undefined)?.code
		const task = taskId === undefined ? "" : ` of task ${taskId}`
		const advice =
			code !== undefined && diskFullCodes.has(code)
				? "The disk is full: free some space, then resume the task."
				: "Fix the cause, then resume the task."
		super(
			`Cairn could not save ${what}${task}, so the task was stopped: ${errorMessage(cause)}. ${advice}`,
			{
				cause,
			},
		)
		this.name = "StorageError"
		this.code = code
	}
}

/** Runs a save; any failure comes out as a StorageError naming what was being saved. */
export async function saving<T>(
	taskId: string | undefined,
	what: string,
	write: () => Promise<T>,
): Promise<T> {
	try {
		return await write()
	} catch (error) {
		throw error instanceof StorageError ? error : new StorageError(taskId, what, error)
	}
}
