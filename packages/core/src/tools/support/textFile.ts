import { statSync } from "node:fs"
import { openRegularFile } from "../../workspace/repositoryFile.js"

/** How much of a file is inspected to decide whether it is text. */
const sniffBytes = 8 * 1024

/**
 * True for content a text tool must not show or edit: a NUL byte, or bytes that are not UTF-8.
 * The sample may end inside a multibyte character, which is not a reason to call it binary.
 */
export function looksBinary(sample: Uint8Array): boolean {
	if (sample.includes(0)) return true
	try {
		new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: true })
		return false
	} catch {
		return true
	}
}

export type FileKind =
	| { kind: "missing" }
	| { kind: "folder" }
	/** A FIFO, socket or device (or a link swapped in): `why` completes "<the file> …". */
	| { kind: "special"; why: string }
	| { kind: "binary"; size: number }
	| { kind: "text"; size: number; mtimeMs: number }

/**
 * The stat before an edit is synchronous: it takes microseconds, while one through the thread
 * pool costs several times that in CPU, and a missing file (every new file) would cost an
 * exception too. The sniff opens the file without blocking and judges the descriptor: a FIFO
 * would otherwise hold the read (and the host) until something writes to it.
 */
export async function inspectFile(absolute: string): Promise<FileKind> {
	const info = statSync(absolute, { throwIfNoEntry: false })
	if (info === undefined) return { kind: "missing" }
	if (info.isDirectory()) return { kind: "folder" }
	const opened = await openRegularFile(absolute)
	if (opened.kind === "absent") return { kind: "missing" }
	if (opened.kind === "skipped") return { kind: "special", why: opened.why }
	const { handle, info: file } = opened
	try {
		const buffer = Buffer.alloc(Math.min(sniffBytes, file.size))
		const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
		if (looksBinary(buffer.subarray(0, bytesRead))) return { kind: "binary", size: file.size }
	} finally {
		await handle.close()
	}
	return { kind: "text", size: file.size, mtimeMs: file.mtimeMs }
}

/** A file as an edit tool read it, to notice later whether someone changed it in the meantime. */
export interface FileSnapshot {
	/** undefined when the file does not exist. */
	content: string | undefined
	mtimeMs: number | undefined
}

export async function takeSnapshot(absolute: string): Promise<FileSnapshot> {
	try {
		// Stat first: a write in between then shows as a newer time stamp, never as an older one.
		const info = statSync(absolute, { throwIfNoEntry: false })
		if (info === undefined) return { content: undefined, mtimeMs: undefined }
		const opened = await openRegularFile(absolute)
		if (opened.kind === "absent") return { content: undefined, mtimeMs: undefined }
		if (opened.kind === "skipped") throw new Error(`${absolute} ${opened.why}`)
		try {
			return { content: await opened.handle.readFile("utf8"), mtimeMs: info.mtimeMs }
		} finally {
			await opened.handle.close()
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT")
			return { content: undefined, mtimeMs: undefined }
		throw error
	}
}

/** What changed between two snapshots, in words for the model; undefined when nothing did. */
export function describeChange(before: FileSnapshot, now: FileSnapshot): string | undefined {
	if (before.content === undefined && now.content === undefined) return undefined
	if (before.content === undefined) return "was created by someone else"
	if (now.content === undefined) return "was deleted"
	if (before.content !== now.content) return "was changed"
	if (before.mtimeMs !== now.mtimeMs) return "was written to"
	return undefined
}

export function formatBytes(size: number): string {
	if (size < 1024) return `${size} bytes`
	if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`
	return `${(size / 1024 / 1024).toFixed(1)} MB`
}

/** The line break a file uses, so an edit keeps CRLF files CRLF. */
export function lineBreakOf(content: string): "\r\n" | "\n" {
	return content.includes("\r\n") ? "\r\n" : "\n"
}
