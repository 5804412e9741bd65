import { appendFile, mkdir, open, readdir, readFile, rm, stat } from "node:fs/promises"
import path from "node:path"
import { writeFileAtomic } from "../fs/atomicWrite.js"
import { readJsonFile } from "../persistence/atomicFile.js"
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
 * unit vectors answers in milliseconds, so a flat file of float32s plus a JSON manifest does the
 * job with nothing to build or download. Vectors are appended; a changed file's old slots become
 * garbage, reclaimed by a compaction once garbage outweighs the live vectors.
 */
export class VectorStore {
	private vectors: Float32Array
	/** The chunk each slot holds; undefined for garbage. */
	private owners: (StoredChunk | undefined)[]
	private persistedSlots: number
	private garbage = 0
	private dirty = false

	private constructor(
		private readonly folder: string,
		readonly identity: string,
		readonly dimensions: number,
		private vectorsFile: string,
		private readonly files: Map<string, FileEntry>,
		vectors: Float32Array,
		slots: number,
	) {
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
		// A fresh file name: the one an older manifest names stays intact until the new manifest replaces it.
		const empty = () =>
			new VectorStore(
				folder,
				identity,
				dimensions,
				`vectors-${Date.now()}.f32`,
				new Map(),
				new Float32Array(0),
				0,
			)
		const read = await readJsonFile(path.join(folder, manifestName), storeManifestSchema)
		if (!read.ok) return empty()
		const manifest = read.value
		if (manifest.identity !== identity || manifest.dimensions !== dimensions) return empty()
		const slotBytes = dimensions * bytesPerValue
		let bytes: Buffer
		try {
			bytes = await readFile(path.join(folder, manifest.vectorsFile))
		} catch {
			return empty()
		}
		if (bytes.length < manifest.slots * slotBytes) return empty()
		const files = new Map(Object.entries(manifest.files))
		const inRange = [...files.values()].every((entry) =>
			entry.chunks.every((c) => c.slot < manifest.slots),
		)
		if (!inRange) return empty()
		// Copied out of the Buffer: its memory may be shared and is not float-aligned.
		const vectors = new Float32Array(manifest.slots * dimensions)
		new Uint8Array(vectors.buffer).set(bytes.subarray(0, manifest.slots * slotBytes))
		return new VectorStore(
			folder,
			identity,
			dimensions,
			manifest.vectorsFile,
			files,
			vectors,
			manifest.slots,
		)
	}

	/** The dimensions an existing store in `folder` was built with, to open it without asking the model. */
	static async savedDimensions(folder: string, identity: string): Promise<number | undefined> {
		const read = await readJsonFile(path.join(folder, manifestName), storeManifestSchema)
		return read.ok && read.value.identity === identity ? read.value.dimensions : undefined
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
		this.reserve(slots + chunks.length)
		const entries: ChunkEntry[] = chunks.map((chunk, i) => {
			const vector = vectors[i]
			if (vector?.length !== this.dimensions)
				throw new Error(
					`The embedding model returned ${vector?.length} dimensions, not ${this.dimensions}.`,
				)
			this.vectors.set(vector, (slots + i) * this.dimensions)
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
		const best: ScoredChunk[] = []
		let worst = -Infinity
		for (let slot = 0; slot < this.owners.length; slot++) {
			const owner = this.owners[slot]
			if (owner === undefined) continue
			const score = dot(this.vectors, slot * this.dimensions, query)
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
		if (!this.dirty) return
		await mkdir(this.folder, { recursive: true })
		if (this.garbage > 1024 && this.garbage > this.chunkCount) {
			await this.compact()
		} else {
			await this.appendVectors()
		}
		await this.writeManifest()
		this.dirty = false
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
		const start = this.persistedSlots * this.dimensions
		const end = slots * this.dimensions
		await this.writeVectors(
			this.vectorsFile,
			this.vectors.subarray(start, end),
			start * bytesPerValue,
			"a",
		)
		this.persistedSlots = slots
	}

	private async compact(): Promise<void> {
		const live = this.chunkCount
		const vectors = new Float32Array(Math.max(live, 1) * this.dimensions)
		const owners: StoredChunk[] = []
		for (const entry of this.files.values()) {
			for (const chunk of entry.chunks) {
				const from = chunk.slot * this.dimensions
				vectors.set(
					this.vectors.subarray(from, from + this.dimensions),
					owners.length * this.dimensions,
				)
				const owner = this.owners[chunk.slot]
				if (owner) owners.push(owner)
				chunk.slot = owners.length - 1
			}
		}
		const generation = Number(/\d+/.exec(this.vectorsFile)?.[0] ?? "0") + 1
		this.vectorsFile = `vectors-${generation}.f32`
		this.vectors = vectors
		this.owners = owners
		this.garbage = 0
		await this.writeVectors(this.vectorsFile, vectors.subarray(0, live * this.dimensions), 0, "w")
		this.persistedSlots = live
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
	}

	/** Files of earlier generations, once the manifest no longer names them. */
	private async removeOtherVectorFiles(): Promise<void> {
		const names = await readdir(this.folder).catch(() => [] as string[])
		for (const name of names)
			if (/^vectors-\d+\.f32$/.test(name) && name !== this.vectorsFile)
				await rm(path.join(this.folder, name), { force: true })
	}

	private reserve(slots: number): void {
		const needed = slots * this.dimensions
		if (needed <= this.vectors.length) return
		const grown = new Float32Array(Math.max(needed, this.vectors.length * 2, 1024 * this.dimensions))
		grown.set(this.vectors)
		this.vectors = grown
	}
}

/** The scan's inner loop: the dot product of `query` with the vector at `offset`, four lanes at a time. */
function dot(vectors: Float32Array, offset: number, query: Float32Array): number {
	const length = query.length
	let a = 0
	let b = 0
	let c = 0
	let d = 0
	let i = 0
	// The casts tell the compiler what the loop bounds already guarantee (no undefined to handle).
	for (; i + 3 < length; i += 4) {
		a += (vectors[offset + i] as number) * (query[i] as number)
		b += (vectors[offset + i + 1] as number) * (query[i + 1] as number)
		c += (vectors[offset + i + 2] as number) * (query[i + 2] as number)
		d += (vectors[offset + i + 3] as number) * (query[i + 3] as number)
	}
	for (; i < length; i++) a += (vectors[offset + i] as number) * (query[i] as number)
	return a + b + c + d
}
