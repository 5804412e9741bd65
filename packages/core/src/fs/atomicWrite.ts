import { randomBytes } from "node:crypto"
import { mkdir, open, rename, rm, type FileHandle } from "node:fs/promises"
import path from "node:path"

// Hand-written rather than `write-file-atomic`: it is a few lines with node:fs/promises, and the
// temp-file naming must be known so a crash's leftovers can be recognised and cleaned.

export interface AtomicWriteOptions {
	/** Permission bits of the written file; applied to the temp file before any byte is written. */
	mode?: number
	/**
	 * Create the folder when missing. Off by default: the task store relies on a late write not
	 * resurrecting a deleted task's folder.
	 */
	createFolder?: boolean
}

/** The temp file a write of `file` uses: hidden, in the same folder (rename is atomic only within one file system). */
function tempPathFor(file: string): string {
	return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`)
}

const tempName = /^\.(.+)\.[0-9a-f]{12}\.tmp$/

/** True for names `tempPathFor` produces, so a crash's leftovers can be told from real files. */
export function isAtomicTempName(name: string): boolean {
	return tempName.test(name)
}

/** The name of the file whose write a temp file named `name` is for (same folder); undefined for any other name. */
export function atomicTempTarget(name: string): string | undefined {
	return tempName.exec(name)?.[1]
}

/**
 * Replaces `file` with `data` so that a reader, or a crash at any instant, sees the old content
 * or the new one and never a mix: the bytes go to a temp file in the same folder, are flushed
 * to disk, then renamed over the file, and the rename is flushed too.
 */
export async function writeFileAtomic(
	file: string,
	data: string | Uint8Array,
	options: AtomicWriteOptions = {},
): Promise<void> {
	const folder = path.dirname(file)
	const temp = tempPathFor(file)
	const handle = await openTemp(temp, options)
	try {
		// open() applies the umask; chmod makes the requested mode exact (e.g. 0600 for secrets).
		if (options.mode !== undefined) await handle.chmod(options.mode)
		await handle.writeFile(data)
		// Without this, a power loss after the rename can leave the new name pointing at empty blocks.
		await handle.sync()
	} catch (error) {
		await handle.close().catch(() => undefined)
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

/**
 * The temp file, created: its folder is made only when the open says it is missing (the folder
 * nearly always exists, and a recursive mkdir costs more than the open it precedes).
 */
async function openTemp(temp: string, options: AtomicWriteOptions): Promise<FileHandle> {
	const mode = options.mode ?? 0o666
	try {
		return await open(temp, "wx", mode)
	} catch (error) {
		if (!options.createFolder || (error as NodeJS.ErrnoException).code !== "ENOENT") throw error
	}
	await mkdir(path.dirname(temp), { recursive: true })
	return open(temp, "wx", mode)
}

/** Makes a rename durable; some file systems (Windows, some network mounts) cannot open a folder, which is fine. */
export async function syncFolder(folder: string): Promise<void> {
	let handle
	try {
		handle = await open(folder, "r")
		await handle.sync()
	} catch {
		// Not supported here: the rename still happened, it is only less certain to survive a power loss.
	} finally {
		await handle?.close().catch(() => undefined)
	}
}
