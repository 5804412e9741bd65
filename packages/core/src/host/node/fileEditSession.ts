import { realpath, stat } from "node:fs/promises"
import type { EditSession, ProposedEdit } from "../Host.js"
import { writeFileAtomic } from "../../fs/atomicWrite.js"

/**
 * A terminal has no editor to review a change in: the diff is shown in the approval itself,
 * the proposal is what gets saved, and discarding leaves nothing to close.
 */
export function fileEditSession(edit: ProposedEdit): EditSession {
	return {
		finalContent: () => Promise.resolve(edit.proposed),
		save: (content) => saveFile(edit.absolutePath, content),
		discard: () => Promise.resolve(),
	}
}

/**
 * Writes a file atomically (a crash never leaves it half written), keeping the permission
 * bits of the file it replaces (an executable script stays executable). A symlink is written
 * through, not replaced by a regular file.
 */
export async function saveFile(file: string, content: string): Promise<void> {
	let target = file
	let mode: number | undefined
	try {
		target = await realpath(file)
		mode = (await stat(target)).mode & 0o7777
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
	}
	await writeFileAtomic(target, content, { mode, createFolder: true })
}
