import { randomBytes } from "node:crypto"
import { mkdir, open, rename, rm } from "node:fs/promises"
import path from "node:path"

export interface AtomicWriteOptions {
	/** Permission bits of the written file; applied to the temp file before any byte is written. */
	mode?: number
}

/**
 * Replaces `file` with `data` so that a reader (or a crash at any instant) sees either the old
 * file or the new one, never a torn mix: the bytes go to a temp file in the same folder (a
 * rename is only atomic within one file system), are flushed to disk, then renamed over.
 */
export async function writeFileAtomic(
	file: string,
	data: string | Uint8Array,
	options: AtomicWriteOptions = {},
): Promise<void> {
	const folder = path.dirname(file)
	await mkdir(folder, { recursive: true })
	const temp = path.join(folder, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`)
	const mode = options.mode ?? 0o666
	const handle = await open(temp, "wx", mode)
	try {
		// open() applies the umask; chmod makes the requested mode exact (e.g. an executable script).
		if (options.mode !== undefined) await handle.chmod(options.mode)
		await handle.writeFile(data)
		await handle.sync()
	} catch (error) {
		await handle.close()
		await rm(temp, { force: true })
		throw error
	}
	await handle.close()
	try {
		await rename(temp, file)
	} catch (error) {
		await rm(temp, { force: true })
		throw error
	}
	await syncFolder(folder)
}

/** Makes the rename itself durable; some file systems refuse to open a folder, which is fine. */
async function syncFolder(folder: string): Promise<void> {
	let handle
	try {
		handle = await open(folder, "r")
		await handle.sync()
	} catch {
		// Not supported here (e.g. some network or Windows file systems): the rename still happened.
	} finally {
		await handle?.close()
	}
}
