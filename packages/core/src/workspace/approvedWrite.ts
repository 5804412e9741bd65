import { constants } from "node:fs"
import { open } from "node:fs/promises"
import { writeFileAtomic } from "../fs/atomicWrite.js"
import { realLocation } from "./workspacePaths.js"

/** The save was refused: the path no longer leads to the file the person approved. */
export class ApprovedPathChangedError extends Error {
	override readonly name = "ApprovedPathChangedError"
}

// Windows has no O_NOFOLLOW; there the resolved-path comparison is the whole check.
const noFollow = constants.O_NOFOLLOW ?? 0

/** The permission bits of the file at `file`, opened without following a final symlink. */
async function modeOf(file: string): Promise<number | undefined> {
	let handle
	try {
		handle = await open(file, constants.O_RDONLY | noFollow)
		return (await handle.stat()).mode & 0o7777
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === "ENOENT") return undefined
		if (code === "ELOOP")
			throw new ApprovedPathChangedError(`${file} became a symbolic link after the change was approved`)
		throw error
	} finally {
		await handle?.close()
	}
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
	const mode = await modeOf(approved)
	await writeFileAtomic(approved, content, { ...(mode !== undefined && { mode }), createFolder: true })
}
