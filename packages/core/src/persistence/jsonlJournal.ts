import type { FileHandle } from "node:fs/promises"
import { writeSync } from "node:fs"
import { open, readFile } from "node:fs/promises"
import { TextDecoder } from "node:util"
import type { ParseResult } from "@cairn/types"
import { writeFileAtomic } from "../fs/atomicWrite.js"
import { errorMessage } from "./atomicFile.js"

/** A line that is complete (it ends with a newline) but cannot be used; the lines after it still load. */
export interface DamagedLine {
	/** Counted from 1. */
	line: number
	error: string
}

export interface JournalLoad<T> {
	records: T[]
	/** The line (counted from 1) each record was read from, for reports about a record. */
	recordLines: number[]
	damagedLines: DamagedLine[]
	/** The file ended in an unterminated line: a write cut short by a crash. It is ignored. */
	tornTail: boolean
}

/** Checks one parsed line; a failure makes the line a damaged one instead of a record. */
export type RecordParser<T> = (value: unknown) => ParseResult<T>

export interface JsonlJournalOptions {
	/**
	 * fsync after every append. A killed process loses nothing without it (the bytes are in the
	 * OS cache once `write` returns); only a power loss or an OS crash does, so it is opt-in.
	 */
	durable?: boolean
}

const newline = 0x0a
const tailScanChunk = 64 * 1024

/**
 * An append-only file of JSON values, one per line. A record is committed when its line,
 * newline included, is on disk: every record goes out in one write call, appends are queued
 * so lines never interleave, and so a crash can only ever leave the last line unterminated.
 * Loading ignores that torn line; the next append cuts it off before writing, so a new record
 * never gets glued to the remains of an old one.
 *
 * A failed append fails the appends queued behind it, so the journal never holds a record
 * without the ones before it; appends made after the failure try again.
 *
 * One writer per file: a second process appending to the same journal could have its
 * in-progress line taken for a torn one.
 */
export class JsonlJournal<T> {
	private handle: FileHandle | undefined
	private queue: Promise<unknown> = Promise.resolve()
	private discarded = 0
	/** Bumped by a failed append, so the appends queued behind it fail too instead of leaving a hole. */
	private generation = 0

	constructor(
		readonly file: string,
		private readonly parse: RecordParser<T>,
		private readonly options: JsonlJournalOptions = {},
	) {}

	/** Bytes of torn tails cut off before appending (for diagnostics and tests). */
	get discardedTailBytes(): number {
		return this.discarded
	}

	/** Serialises now (a caller mutating the record afterwards changes nothing) and writes one line. */
	append(record: T): Promise<void> {
		return this.appendMany([record])
	}

	/**
	 * Writes several records in one write call: a crash keeps a prefix of them, never a later
	 * record without an earlier one. Throws at once for a value JSON cannot represent.
	 */
	appendMany(records: readonly T[]): Promise<void> {
		const bytes = Buffer.from(records.map(serializeLine).join(""), "utf8")
		if (bytes.length === 0) return this.settled()
		const generation = this.generation
		return this.enqueue(() => {
			if (generation !== this.generation)
				return Promise.reject(
					new Error(`an earlier append to ${this.file} failed, so this one was not written`),
				)
			return this.write(bytes)
		})
	}

	/** Reads the whole journal after the appends already queued have been written. */
	load(): Promise<JournalLoad<T>> {
		return this.enqueue(() => readJournal(this.file, this.parse))
	}

	/**
	 * Replaces the journal atomically with the records `compute` returns for its current
	 * content (`undefined` leaves it alone). Queued like an append, so no append can land
	 * between the read and the replacement. Returns whether the file was replaced.
	 */
	rewrite(compute: (current: JournalLoad<T>) => readonly T[] | undefined): Promise<boolean> {
		return this.enqueue(async () => {
			const next = compute(await readJournal(this.file, this.parse))
			if (next === undefined) return false
			const text = next.map(serializeLine).join("")
			// The open handle would keep appending to the replaced (unlinked) file.
			await this.releaseHandle()
			await writeFileAtomic(this.file, text)
			return true
		})
	}

	/** Resolves once every append queued so far has finished (whether it succeeded or not). */
	settled(): Promise<void> {
		return this.enqueue(async () => undefined)
	}

	/** Closes the file after the queued appends; a later append opens it again. */
	close(): Promise<void> {
		return this.enqueue(() => this.releaseHandle())
	}

	private enqueue<R>(work: () => Promise<R>): Promise<R> {
		const next = this.queue.then(work)
		this.queue = next.catch(() => undefined)
		return next
	}

	private async releaseHandle(): Promise<void> {
		const handle = this.handle
		this.handle = undefined
		await handle?.close()
	}

	private async write(bytes: Buffer): Promise<void> {
		let handle: FileHandle | undefined
		try {
			handle = await this.openForAppend()
			let offset = 0
			// Synchronous: a record is a few hundred bytes into the page cache, which takes
			// microseconds, while a write through the thread pool costs several times that in CPU,
			// and a turn appends several records. A regular file takes the whole buffer in one
			// call in practice; the loop is for the rare short write.
			while (offset < bytes.length) offset += writeSync(handle.fd, bytes, offset, bytes.length - offset)
			if (this.options.durable) await handle.sync()
		} catch (error) {
			// The file may now end in part of this line: reopening cuts it off before the next append.
			this.generation++
			this.handle = undefined
			await handle?.close().catch(() => undefined)
			throw error
		}
	}

	private async openForAppend(): Promise<FileHandle> {
		if (this.handle !== undefined) return this.handle
		// "a+": appends always go to the end, and the tail can still be read to find a torn line.
		const handle = await open(this.file, "a+")
		try {
			this.discarded += await cutTornTail(handle)
		} catch (error) {
			await handle.close().catch(() => undefined)
			throw error
		}
		this.handle = handle
		return handle
	}
}

function serializeLine(record: unknown): string {
	const json = JSON.stringify(record)
	if (json === undefined) throw new TypeError("a journal record must be a JSON value")
	// JSON.stringify escapes newlines inside strings, so a record is always exactly one line.
	return `${json}\n`
}

/** Truncates the file after its last newline; returns how many bytes went. */
async function cutTornTail(handle: FileHandle): Promise<number> {
	const size = (await handle.stat()).size
	let end = size
	const buffer = Buffer.alloc(Math.min(tailScanChunk, size))
	while (end > 0) {
		const start = Math.max(0, end - buffer.length)
		const { bytesRead } = await handle.read(buffer, 0, end - start, start)
		const at = buffer.subarray(0, bytesRead).lastIndexOf(newline)
		if (at !== -1) {
			end = start + at + 1
			break
		}
		end = start
	}
	if (end < size) await handle.truncate(end)
	return size - end
}

/** Reads a journal file; a missing file is an empty journal. */
export async function readJournal<T>(file: string, parse: RecordParser<T>): Promise<JournalLoad<T>> {
	let bytes: Buffer
	try {
		bytes = await readFile(file)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT")
			return { records: [], recordLines: [], damagedLines: [], tornTail: false }
		throw error
	}
	const decoder = new TextDecoder("utf-8", { fatal: true })
	const records: T[] = []
	const recordLines: number[] = []
	const damagedLines: DamagedLine[] = []
	let start = 0
	let line = 0
	for (let end = bytes.indexOf(newline); end !== -1; end = bytes.indexOf(newline, start)) {
		line++
		const outcome = parseLine(decoder, bytes.subarray(start, end), parse)
		start = end + 1
		if (outcome === undefined) continue
		if (outcome.success) {
			records.push(outcome.data)
			recordLines.push(line)
		} else damagedLines.push({ line, error: outcome.error })
	}
	return { records, recordLines, damagedLines, tornTail: start < bytes.length }
}

function parseLine<T>(
	decoder: TextDecoder,
	bytes: Buffer,
	parse: RecordParser<T>,
): ParseResult<T> | undefined {
	let text: string
	try {
		text = decoder.decode(bytes)
	} catch {
		return { success: false, error: "the line is not valid UTF-8" }
	}
	if (text.trim() === "") return undefined
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch (error) {
		return { success: false, error: `not valid JSON: ${errorMessage(error)}` }
	}
	return parse(value)
}
