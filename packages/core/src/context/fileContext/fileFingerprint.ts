import { createHash } from "node:crypto"
import { closeSync, constants, createReadStream, fstatSync, openSync, readFileSync, statSync } from "node:fs"
import { readFile } from "node:fs/promises"

// How a file's content is recognised later without keeping it: a hash of its bytes, and the
// file's stat as a cheap sign that the bytes (and so the hash) cannot have changed.

/** A content hash: not for security, only to tell "the same bytes" from "other bytes". */
export type ContentHash = string

/** Hashes bytes as they stream by (a tool that reads a file anyway hashes what it read). */
export function contentHasher(): { update(chunk: Uint8Array | string): void; digest(): ContentHash } {
	const hash = createHash("sha1")
	return {
		update: (chunk) => void hash.update(chunk),
		digest: () => hash.digest("hex"),
	}
}

export function hashContent(content: string | Uint8Array): ContentHash {
	const hasher = contentHasher()
	hasher.update(content)
	return hasher.digest()
}

/** Files up to this size are read whole: a stream's setup costs more than their bytes. */
const wholeReadMaxBytes = 1 << 20

/**
 * Files up to this size are read synchronously: the file just written is hashed at every turn
 * until its stamps vouch for it (see signatureVouchesForContent), and an open, stat, read and
 * close through the thread pool cost several times the CPU of the calls themselves, for a read
 * of microseconds.
 */
const syncReadMaxBytes = 64 << 10

/**
 * The hash of the file's bytes now; undefined when there is no file to read there any more.
 * `expectedSize` (from a stat just before) lets a small file be read in one call.
 */
export async function hashFile(absolute: string, expectedSize?: number): Promise<ContentHash | undefined> {
	const hasher = contentHasher()
	try {
		if (expectedSize !== undefined && expectedSize <= syncReadMaxBytes) {
			const bytes = readRegularFileSync(absolute)
			if (bytes === undefined) return undefined
			hasher.update(bytes)
		} else if (expectedSize !== undefined && expectedSize <= wholeReadMaxBytes)
			hasher.update(await readFile(absolute))
		else for await (const chunk of createReadStream(absolute)) hasher.update(chunk as Buffer)
	} catch (error) {
		if (isGone(error)) return undefined
		throw error
	}
	return hasher.digest()
}

/**
 * The bytes of the file at `absolute`, undefined when it is no longer a regular file. Opened
 * without blocking and checked on the open descriptor: a FIFO put there since the stat would
 * otherwise block the whole extension host on a synchronous read.
 */
function readRegularFileSync(absolute: string): Buffer | undefined {
	const fd = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK)
	try {
		if (!fstatSync(fd).isFile()) return undefined
		return readFileSync(fd)
	} finally {
		closeSync(fd)
	}
}

/**
 * What the file system says about a file without reading it. Any write changes ctime (which,
 * unlike mtime, no program can set back), a file replaced by a rename has another inode.
 */
export interface StatSignature {
	size: number
	mtimeMs: number
	ctimeMs: number
	ino: number
}

/**
 * The file's signature; "gone" when nothing is there or it is no longer a file. The stat is
 * synchronous on purpose: every tracked file is stat'ed at every turn, and a stat through the
 * thread pool costs about five times the CPU of the stat itself (1.2 ms against 0.2 ms for 100
 * files, measured on this project's bench machine) for a call that takes microseconds.
 */
export function statSignature(absolute: string): StatSignature | "gone" {
	try {
		const info = statSync(absolute, { throwIfNoEntry: false })
		if (info === undefined || !info.isFile()) return "gone"
		return { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino }
	} catch (error) {
		if (isGone(error)) return "gone"
		throw error
	}
}

export function sameSignature(a: StatSignature, b: StatSignature): boolean {
	return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino
}

/**
 * Time stamps are only as fine as the file system keeps them (2 s on FAT, 1 s on some network
 * and older file systems). A write within the same tick as the one before could leave every
 * stamp as it was; this margin is wider than the coarsest tick.
 */
export const timestampTickMarginMs = 3_000

/**
 * The margin for a file whose stamps both carry a fraction of a millisecond: its file system
 * keeps them to the nanosecond (ext4, APFS, NTFS...), and they move with the clock tick of the
 * system that writes them, a few milliseconds (16 ms at most on Windows). A coarse file system
 * gives whole milliseconds (whole seconds, mostly), so it keeps the wide margin.
 */
export const fineTimestampTickMarginMs = 100

function tickMarginOf(signature: StatSignature): number {
	const fine = !Number.isInteger(signature.mtimeMs) && !Number.isInteger(signature.ctimeMs)
	return fine ? fineTimestampTickMarginMs : timestampTickMarginMs
}

/**
 * Whether an unchanged signature proves unchanged content from now on. Only when the file's
 * last change is older than a tick of its time stamps, counted from `checkedAt`, taken before
 * the stat: a later write then necessarily gets a later stamp. A file changed more recently is
 * hashed again at every check until it is old enough (git's "racily clean" rule); with fine
 * stamps that is a few turns at most, not the coarse margin's 3 s of turns.
 */
export function signatureVouchesForContent(signature: StatSignature, checkedAt: number): boolean {
	return Math.max(signature.mtimeMs, signature.ctimeMs) < checkedAt - tickMarginOf(signature)
}

function isGone(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException).code
	return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR"
}
