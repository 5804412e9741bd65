import { appendFile, mkdir, open, readdir, rm, stat } from "node:fs/promises"
import path from "node:path"
import { writeFileAtomic } from "../fs/atomicWrite.js"
import { readJsonFile } from "../persistence/atomicFile.js"
import { VectorMemory } from "./vectorMemory.js"
import { storeFormatVersion, storeManifestSchema, type ChunkEntry, type FileEntry } from "./storeManifest.js"

export type FileVersion = Omit<FileEntry, "chunks">

export interface LineRange {
	startLine: number
	endLine: number
}

export interface StoredChunk extends LineRange {
	path: string
}

export interface ScoredChunk extends StoredChunk {
	/** Cosine similarity with the query, -1 to 1. */
	score: number
}

const manifestName = "manifest.json"
const bytesPerValue = Float32Array.BYTES_PER_ELEMENT

/**
 * The vectors of one workspace's chunks, on disk in Cairn's storage and whole in memory.
 *
 * Why not a vector database: LanceDB (the embedded one that installs from npm alone) needs
 * Node 22 while Cairn supports Node 20 and VS Code's, and ships a 180 MB native binary per
 * platform. A workspace's chunks (tens of thousands) fit in memory, and a brute-force scan of
 * unit vectors (a SIMD loop, see VectorMemory) answers in milliseconds, so a flat file of float32s plus a JSON manifest does the
 * job with nothing to build or download. Vectors are appended; a changed file's old slots become
 * garbage, reclaimed by a compaction once garbage outweighs the live vectors.
 */
export class VectorStore {
	private readonly vectors: VectorMemory
	/** The chunk each slot holds; undefined for garbage. */
	private owners: (StoredChunk | undefined)[]
	private persistedSlots: number
	private garbage = 0
	private dirty = false
	/** The manifest on disk as this store last read or wrote it (see `isStale`). */
	private stamp: string | undefined
	/** This process lost the folder's lock: another may be writing, so this copy writes nothing more. */
	private abandoned = false

	private constructor(
		private readonly folder: string,
		readonly identity: string,
		readonly dimensions: number,
		private vectorsFile: string,
		private readonly files: Map<string, FileEntry>,
		vectors: VectorMemory,
		slots: number,
		stamp: string | undefined,
	) {
		this.stamp = stamp
		this.vectors = vectors
		this.persistedSlots = slots
		this.owners = new Array<StoredChunk | undefined>(slots)
		for (const [file, entry] of files)
			for (const chunk of entry.chunks)
				this.owners[chunk.slot] = { path: file, startLine: chunk.startLine, endLine: chunk.endLine }
		this.garbage = slots - this.chunkCount
	}

	/**
	 * The store in `folder`, as last saved, when it was built by the same embedder; otherwise
	 * (none yet, another model, damaged) an empty one that replaces it on the first save.
	 */
	static async open(folder: string, identity: string, dimensions: number): Promise<VectorStore> {
		// Taken before the manifest is read: a save in between shows as a change next time, not as none.
		const stamp = await manifestStamp(folder)
		// A fresh file name: the one an older manifest names stays intact until the new manifest replaces it.
		const empty = () =>
			new VectorStore(
				folder,
				identity,
				dimensions,
				`vectors-${Date.now()}.f32`,
				new Map(),
				new VectorMemory(dimensions),
				0,
				stamp,
			)
		const read = await readJsonFile(path.join(folder, manifestName), storeManifestSchema)
		if (!read.ok) return empty()
		const manifest = read.value
		if (manifest.identity !== identity || manifest.dimensions !== dimensions) return empty()
		const files = new Map(Object.entries(manifest.files))
		const inRange = [...files.values()].every((entry) =>
			entry.chunks.every((c) => c.slot < manifest.slots),
		)
		if (!inRange) return empty()
		const vectors = new VectorMemory(dimensions)
		try {
			const handle = await open(path.join(folder, manifest.vectorsFile), "r")
			try {
				await vectors.read(handle, manifest.slots)
			} finally {
				await handle.close()
			}
		} catch {
			return empty()
		}
		return new VectorStore(
			folder,
			identity,
			dimensions,
			manifest.vectorsFile,
			files,
			vectors,
			manifest.slots,
			stamp,
		)
	}

	/** The dimensions an existing store in `folder` was built with, to open it without asking the model. */
	static async savedDimensions(folder: string, identity: string): Promise<number | undefined> {
		const read = await readJsonFile(path.join(folder, manifestName), storeManifestSchema)
		return read.ok && read.value.identity === identity ? read.value.dimensions : undefined
	}

	/**
	 * Whether this copy must be opened again before it is written: another process (an editor
	 * window on the same workspace) saved the store since this one read or saved it, or this
	 * process lost the folder's lock.
	 */
	async isStale(): Promise<boolean> {
		return this.abandoned || (await manifestStamp(this.folder)) !== this.stamp
	}

	/** Stops all writes from this copy (its process lost the folder's lock); it is to be opened again. */
	abandon(): void {
		this.abandoned = true
	}

	get fileCount(): number {
		return this.files.size
	}

	get chunkCount(): number {
		let count = 0
		for (const entry of this.files.values()) count += entry.chunks.length
		return count
	}

	paths(): string[] {
		return [...this.files.keys()]
	}

	/** What the store knows of `file`'s content: its hash, and the size and time it was hashed at. */
	versionOf(file: string): FileVersion | undefined {
		const entry = this.files.get(file)
		return entry && { hash: entry.hash, size: entry.size, mtimeMs: entry.mtimeMs }
	}

	/** Replaces whatever `file` had with these chunks and their vectors (one each, in order). */
	putFile(
		file: string,
		version: FileVersion,
		chunks: readonly LineRange[],
		vectors: readonly Float32Array[],
	): void {
		if (chunks.length !== vectors.length) throw new Error("Each chunk needs exactly one vector.")
		this.removeFile(file)
		const slots = this.owners.length
		this.vectors.reserve(slots + chunks.length)
		const entries: ChunkEntry[] = chunks.map((chunk, i) => {
			const vector = vectors[i]
			if (vector?.length !== this.dimensions)
				throw new Error(
					`The embedding model returned ${vector?.length} dimensions, not ${this.dimensions}.`,
				)
			this.vectors.set(slots + i, vector)
			this.owners.push({ path: file, startLine: chunk.startLine, endLine: chunk.endLine })
			return { startLine: chunk.startLine, endLine: chunk.endLine, slot: slots + i }
		})
		this.files.set(file, { ...version, chunks: entries })
		this.dirty = true
	}

	/** The same content at a new size/time stamp (a file saved without changes). */
	touchFile(file: string, version: FileVersion): void {
		const entry = this.files.get(file)
		if (entry === undefined) return
		this.files.set(file, { ...entry, ...version })
		this.dirty = true
	}

	removeFile(file: string): void {
		const entry = this.files.get(file)
		if (entry === undefined) return
		for (const chunk of entry.chunks) this.owners[chunk.slot] = undefined
		this.garbage += entry.chunks.length
		this.files.delete(file)
		this.dirty = true
	}

	/** The `limit` chunks most like `query` (unit length), best first, among those `include` keeps. */
	search(
		query: Float32Array,
		limit: number,
		include: (file: string) => boolean = () => true,
	): ScoredChunk[] {
		if (query.length !== this.dimensions)
			throw new Error(`The query has ${query.length} dimensions; the index has ${this.dimensions}.`)
		this.vectors.setQuery(query)
		const best: ScoredChunk[] = []
		let worst = -Infinity
		for (let slot = 0; slot < this.owners.length; slot++) {
			const owner = this.owners[slot]
			if (owner === undefined) continue
			const score = this.vectors.score(slot)
			if (best.length === limit && score <= worst) continue
			if (!include(owner.path)) continue
			let at = best.length
			while (at > 0 && (best[at - 1]?.score ?? 0) < score) at--
			best.splice(at, 0, { ...owner, score })
			if (best.length > limit) best.pop()
			if (best.length === limit) worst = best.at(-1)?.score ?? -Infinity
		}
		return best
	}

	/**
	 * Writes what changed: new vectors first, then the manifest that names them, so a crash in
	 * between leaves the previous index whole. Compacts when more than half the file is garbage.
	 */
	async save(): Promise<void> {
		if (!this.dirty || this.abandoned) return
		await mkdir(this.folder, { recursive: true })
		if (this.garbage > 1024 && this.garbage > this.chunkCount) {
			await this.compact()
		} else {
			await this.appendVectors()
		}
		// Cleared before the manifest's contents are taken (synchronously, as it starts): a change
		// made while it is written (the indexer reads on meanwhile) leaves the store dirty again.
		this.dirty = false
		try {
			await this.writeManifest()
		} catch (error) {
			this.dirty = true
			throw error
		}
		await this.removeOtherVectorFiles()
	}

	/** Bytes on disk (the manifest and the vectors file). */
	async sizeOnDisk(): Promise<number> {
		let total = 0
		for (const name of [manifestName, this.vectorsFile]) {
			total += await stat(path.join(this.folder, name)).then(
				(info) => info.size,
				() => 0,
			)
		}
		return total
	}

	private async appendVectors(): Promise<void> {
		const slots = this.owners.length
		if (slots === this.persistedSlots) return
		const position = this.persistedSlots * this.dimensions * bytesPerValue
		await this.writeVectors(
			this.vectorsFile,
			this.vectors.packed(this.persistedSlots, slots),
			position,
			"a",
		)
		this.persistedSlots = slots
	}

	/** Moves the live vectors down over the garbage (in slot order, so none is overwritten before it moves) into a new file. */
	private async compact(): Promise<void> {
		const live = [...this.files.values()].flatMap((entry) => entry.chunks).sort((a, b) => a.slot - b.slot)
		const owners: StoredChunk[] = []
		live.forEach((chunk, to) => {
			const owner = this.owners[chunk.slot]
			if (owner) owners.push(owner)
			this.vectors.move(chunk.slot, to)
			chunk.slot = to
		})
		const generation = Number(/\d+/.exec(this.vectorsFile)?.[0] ?? "0") + 1
		this.vectorsFile = `vectors-${generation}.f32`
		this.owners = owners
		this.garbage = 0
		await this.writeVectors(this.vectorsFile, this.vectors.packed(0, live.length), 0, "w")
		this.persistedSlots = live.length
	}

	private async writeVectors(
		name: string,
		values: Float32Array,
		position: number,
		flags: "a" | "w",
	): Promise<void> {
		const file = path.join(this.folder, name)
		// "r+" writes where it is told (an "a" handle always writes at the end on Linux), over
		// whatever a crash left past the last manifest, but needs the file to exist.
		if (flags === "a") await appendFile(file, new Uint8Array(0))
		const handle = await open(file, flags === "w" ? "w" : "r+")
		try {
			const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength)
			await handle.write(bytes, 0, bytes.byteLength, position)
			await handle.truncate(position + bytes.byteLength)
			await handle.sync()
		} finally {
			await handle.close()
		}
	}

	private async writeManifest(): Promise<void> {
		const manifest = {
			version: storeFormatVersion,
			identity: this.identity,
			dimensions: this.dimensions,
			vectorsFile: this.vectorsFile,
			slots: this.persistedSlots,
			files: Object.fromEntries(this.files),
		}
		await writeFileAtomic(path.join(this.folder, manifestName), JSON.stringify(manifest))
		this.stamp = await manifestStamp(this.folder)
	}

	/** Files of earlier generations, once the manifest no longer names them. */
	private async removeOtherVectorFiles(): Promise<void> {
		const names = await readdir(this.folder).catch(() => [] as string[])
		for (const name of names)
			if (/^vectors-\d+\.f32$/.test(name) && name !== this.vectorsFile)
				await rm(path.join(this.folder, name), { force: true })
	}
}

/** Which manifest file is there: each save renames a new file over it (a new inode, size and time). */
async function manifestStamp(folder: string): Promise<string | undefined> {
	const info = await stat(path.join(folder, manifestName), { bigint: true }).catch(() => undefined)
	return info && `${info.ino}:${info.size}:${info.mtimeNs}`
}
