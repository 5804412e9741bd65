import { lstatSync } from "node:fs"
import { writeFileAtomic } from "../fs/atomicWrite.js"
import { realLocation } from "./workspacePaths.js"

/** The save was refused: the path no longer leads to the file the person approved. */
export class ApprovedPathChangedError extends Error {
	override readonly name = "ApprovedPathChangedError"
}

/**
 * The permission bits of the file at `file` (undefined when there is none), its final component
 * not followed. One synchronous lstat of microseconds: an open, stat and close through the thread
 * pool cost far more CPU, and a new file's failed open built an error every write.
 */
function modeOf(file: string): number | undefined {
	const info = lstatSync(file, { throwIfNoEntry: false })
	if (info === undefined) return undefined
	if (info.isSymbolicLink())
		throw new ApprovedPathChangedError(`${file} became a symbolic link after the change was approved`)
	return info.mode & 0o7777
}

/** Throws ApprovedPathChangedError unless `approved` (a resolved path) still leads to itself. */
export async function assertStillApproved(approved: string): Promise<void> {
	const now = await realLocation(approved)
	if (now !== approved)
		throw new ApprovedPathChangedError(
			`the path now leads to ${now}, not to the approved ${approved}: a folder on it was replaced by a link after the change was approved`,
		)
}

/**
 * Saves an approved change. `approved` is where the path led, symlinks resolved, when the person
 * said yes; a folder on it may have been swapped for a link to somewhere else while the approval
 * waited, so it is resolved again and written only if it still leads to the same place. The
 * write is atomic and keeps the permission bits of the file it replaces.
 *
 * Node has no openat/renameat, so a swap in the instant between this check and the rename is
 * not excluded; the check closes the window of the approval itself, which is the person's time.
 */
export async function writeApprovedFile(approved: string, content: string): Promise<void> {
	await assertStillApproved(approved)
	const mode = modeOf(approved)
	await writeFileAtomic(approved, content, { ...(mode !== undefined && { mode }), createFolder: true })
}
