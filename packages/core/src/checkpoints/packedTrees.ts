import { createHash, randomBytes } from "node:crypto"
import {
	closeSync,
	fstatSync,
	openSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeSync,
} from "node:fs"
import path from "node:path"
import { deflateSync } from "node:zlib"
import { GitError } from "../git/gitError.js"
import { gitDelta } from "./gitDelta.js"
import type { ObjectFormat } from "./looseObjects.js"
import type { TreeWriter } from "./treeBuilder.js"

/** Pack entry types (git's pack format). */
const commitType = 1
const treeType = 2
const offsetDeltaType = 6

/** A pack is sealed past this many entries (no delta chain gets longer) or bytes. */
const maxEntries = 256
const maxBytes = 8 * 1024 * 1024

const packPrefix = "trees-"
const packSuffix = ".pack"
const entriesSuffix = ".entries"

interface OpenPack {
	file: string
	fd: number
	entriesFd: number
	size: number
	count: number
	/** Where each object in the pack starts. */
	offsets: Map<string, number>
	/** The last tree written for each folder, the base of the next one's delta. */
	latest: Map<string, { offset: number; body: Buffer }>
}

/**
 * A checkpoint's trees written as a git pack, each a delta against the tree before it at the same
 * folder, and its commit after them, whole (see writeCommit). Written whole, each checkpoint's
 * trees made a task's storage grow with the square of a folder's files (every checkpoint of a
 * folder of 1,000 wrote its 37 KB again: 11.8 MB over 1,000 turns); as deltas it writes the
 * entries that changed. Git reads a pack only once it is complete
 * and indexed, so the pack is written beside the repository (`trees-<id>.pack`, with a record of
 * its complete entries in `trees-<id>.entries`, written after each entry) and sealed (finished,
 * handed to `git index-pack`) once it is full, before any git that may read a checkpoint,
 * and when the store closes. A pack left by a process that died, or by another process that let
 * the repository's lock go, is sealed by whoever reads next, from its complete entries.
 * Hand-written: a pack is a header, entries and a hash, which git checks as it indexes it, and
 * what matters here (each tree a delta against its folder's last, written as it is made) is what
 * a general pack writer, which searches for bases among objects it is given at once, does not do.
 */
export class PackedTrees implements TreeWriter {
	private open: OpenPack | undefined

	constructor(
		/** The shadow repository's folder (beside its git folder). */
		private readonly folder: string,
		private readonly format: ObjectFormat,
		/** Gives a complete pack to git (`index-pack --stdin`), which checks and indexes it. */
		private readonly index: (pack: Buffer) => Promise<void>,
	) {}

	/** Appends the tree (a delta when its folder has one in the pack) and returns its id. */
	async write(folder: string, body: Buffer): Promise<string> {
		const pack = this.current()
		const id = objectIdOf(this.format, "tree", body)
		const known = pack.offsets.get(id)
		if (known !== undefined) {
			pack.latest.set(folder, { offset: known, body })
			return id
		}
		const base = pack.latest.get(folder)
		const delta = base === undefined ? undefined : gitDelta(base.body, body)
		// Compared before compression, so only one of the two is compressed.
		const offset = this.append(
			pack,
			id,
			base !== undefined && delta !== undefined && delta.length < body.length
				? deltaEntry(pack.size - base.offset, delta)
				: entry(treeType, body),
		)
		pack.latest.set(folder, { offset, body })
		return id
	}

	/**
	 * Appends a checkpoint's commit, whole, and returns its id: in the pack with its trees, it costs
	 * no file of its own (making one is the dearest part of a checkpoint on a busy disk).
	 */
	async writeCommit(body: Buffer): Promise<string> {
		const pack = this.current()
		const id = objectIdOf(this.format, "commit", body)
		if (!pack.offsets.has(id)) this.append(pack, id, entry(commitType, body))
		return id
	}

	/** Writes an entry at the pack's end, then its line in the record; returns where it starts. */
	private append(pack: OpenPack, id: string, bytes: Buffer): number {
		const offset = pack.size
		writeAll(pack.fd, bytes)
		// Recorded once the entry is whole: a reader seals what the record names, nothing after it.
		writeAll(pack.entriesFd, Buffer.from(`${offset} ${offset + bytes.length}\n`))
		pack.size += bytes.length
		pack.count++
		pack.offsets.set(id, offset)
		return offset
	}

	/** Whether the pack being written should be sealed now. */
	get full(): boolean {
		return this.open !== undefined && (this.open.count >= maxEntries || this.open.size >= maxBytes)
	}

	/** Seals this process's pack and any other left in the folder: git can then read every tree. */
	async sealAll(): Promise<void> {
		const own = this.open
		if (own !== undefined) {
			this.open = undefined
			closeSync(own.fd)
			closeSync(own.entriesFd)
			await this.seal(own.file)
		}
		for (const name of readdirSync(this.folder))
			if (name.startsWith(packPrefix) && name.endsWith(packSuffix))
				await this.seal(path.join(this.folder, name))
	}

	/** The pack this process writes to; a new one when there is none or another process sealed it. */
	private current(): OpenPack {
		const open = this.open
		if (open !== undefined) {
			const now = statSync(open.file, { throwIfNoEntry: false })
			if (now !== undefined && now.ino === fstatSync(open.fd).ino) return open
			closeSync(open.fd)
			closeSync(open.entriesFd)
		}
		const file = path.join(
			this.folder,
			`${packPrefix}${process.pid}-${randomBytes(6).toString("hex")}${packSuffix}`,
		)
		const fd = openSync(file, "wx")
		const entriesFd = openSync(entriesOf(file), "wx")
		// The count is written when the pack is sealed.
		const header = Buffer.from([0x50, 0x41, 0x43, 0x4b, 0, 0, 0, 2, 0, 0, 0, 0])
		writeAll(fd, header)
		this.open = {
			file,
			fd,
			entriesFd,
			size: header.length,
			count: 0,
			offsets: new Map(),
			latest: new Map(),
		}
		return this.open
	}

	/** Finishes the pack at `file` from the entries its record names, gives it to git, and removes it. */
	private async seal(file: string): Promise<void> {
		// None when the process died between making the pack and its record: nothing was written.
		const entries = readIfThere(entriesOf(file))?.toString("utf8") ?? ""
		const written = readIfThere(file) ?? Buffer.alloc(0)
		let end = 12
		let count = 0
		// A line without its newline was cut short: what it names may not be whole.
		for (const line of entries.split("\n").slice(0, -1)) {
			const [start, stop] = line.split(" ")
			if (Number(start) !== end || !(Number(stop) > end) || Number(stop) > written.length) break
			end = Number(stop)
			count++
		}
		if (count > 0) {
			const pack = Buffer.alloc(end + (this.format === "sha1" ? 20 : 32))
			written.copy(pack, 0, 0, end)
			pack.writeUInt32BE(count, 8)
			createHash(this.format).update(pack.subarray(0, end)).digest().copy(pack, end)
			await this.index(pack).catch((error: unknown) => {
				throw new GitError(
					`the checkpoints' trees in ${file} could not be given to git (${error instanceof Error ? error.message : String(error)}); the file is left for a look`,
				)
			})
		}
		rmSync(entriesOf(file), { force: true })
		rmSync(file, { force: true })
	}
}

function objectIdOf(format: ObjectFormat, type: "tree" | "commit", body: Buffer): string {
	return createHash(format).update(`${type} ${body.length}\0`).update(body).digest("hex")
}

function readIfThere(file: string): Buffer | undefined {
	try {
		return readFileSync(file)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined
		throw error
	}
}

function entriesOf(packFile: string): string {
	return `${packFile.slice(0, -packSuffix.length)}${entriesSuffix}`
}

/** A pack entry: type and size (four bits, then seven a byte), then the data compressed. */
function entry(type: number, data: Buffer, between: Buffer = Buffer.alloc(0)): Buffer {
	const header: number[] = []
	let rest = Math.floor(data.length / 16)
	header.push((rest > 0 ? 0x80 : 0) | (type << 4) | (data.length % 16))
	while (rest > 0) {
		const low = rest % 0x80
		rest = Math.floor(rest / 0x80)
		header.push(rest > 0 ? low | 0x80 : low)
	}
	return Buffer.concat([Buffer.from(header), between, deflateSync(data, { level: 1 })])
}

/** An OFS_DELTA entry: its base `distance` bytes back, written as git reads it (each further byte adds one). */
function deltaEntry(distance: number, delta: Buffer): Buffer {
	const bytes = [distance % 0x80]
	let rest = Math.floor(distance / 0x80)
	while (rest > 0) {
		rest -= 1
		bytes.unshift(0x80 | (rest % 0x80))
		rest = Math.floor(rest / 0x80)
	}
	return entry(offsetDeltaType, delta, Buffer.from(bytes))
}

function writeAll(fd: number, bytes: Buffer): void {
	for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at)
}
