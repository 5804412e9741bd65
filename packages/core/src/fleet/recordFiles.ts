import { constants } from "node:fs"
import { lstat, open, readdir } from "node:fs/promises"

/**
 * A results folder may come from elsewhere (a CI artifact, a shared volume): its files are read
 * as untrusted. A record is a regular file of the folder itself, read without following a
 * symbolic link (one could lead anywhere on the machine), and never more than this many bytes.
 */
export const maxRecordBytes = 1024 * 1024
/** The records read from one folder at most; the others are counted, not read. */
export const maxRecordFiles = 5_000

export type RecordText = { ok: true; text: string } | { ok: false; missing: boolean; error: string }

/** The text of one record file, or why it is not one (missing, a link, not a file, too big). */
export async function readRecordText(file: string): Promise<RecordText> {
	let handle: Awaited<ReturnType<typeof open>>
	try {
		// O_NOFOLLOW: a link put in place of the record is refused when opened, not only when listed.
		handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === "ENOENT") return { ok: false, missing: true, error: `${file} does not exist` }
		if (code === "ELOOP" || (await isLink(file)))
			return { ok: false, missing: false, error: "a symbolic link: not followed" }
		return { ok: false, missing: false, error: (error as Error).message }
	}
	try {
		const info = await handle.stat()
		if (!info.isFile()) return { ok: false, missing: false, error: "not a regular file" }
		if (info.size > maxRecordBytes)
			return { ok: false, missing: false, error: `larger than ${maxRecordBytes} bytes` }
		const buffer = Buffer.alloc(maxRecordBytes + 1)
		const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
		if (bytesRead > maxRecordBytes)
			return { ok: false, missing: false, error: `larger than ${maxRecordBytes} bytes` }
		return { ok: true, text: buffer.subarray(0, bytesRead).toString("utf8") }
	} catch (error) {
		return { ok: false, missing: false, error: (error as Error).message }
	} finally {
		await handle.close()
	}
}

async function isLink(file: string): Promise<boolean> {
	try {
		return (await lstat(file)).isSymbolicLink()
	} catch {
		return false
	}
}

/** The record files' names of a folder (`*.json`, hidden ones left out), sorted, at most `maxRecordFiles`. */
export async function recordNames(
	results: string,
	suffix: string,
): Promise<{ names: string[]; notRead: number }> {
	const all = (await readdir(results))
		.filter((name) => name.endsWith(suffix) && !name.startsWith("."))
		.sort()
	return { names: all.slice(0, maxRecordFiles), notRead: Math.max(0, all.length - maxRecordFiles) }
}
