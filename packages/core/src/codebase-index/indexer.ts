import { createHash } from "node:crypto"
import { stat } from "node:fs/promises"
import path from "node:path"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import type { Chunk, Chunker } from "./chunker.js"
import type { Embedder } from "./embedder.js"
import type { IndexProgress, IndexRunResult } from "./indexProgress.js"
import type { FileVersion, VectorStore } from "./vectorStore.js"
import { indexableFiles, looksBinary } from "./workspaceFiles.js"
import { openRegularFile } from "../workspace/repositoryFile.js"

export interface IndexerOptions {
	root: string
	store: VectorStore
	embedder: Embedder
	chunker: Chunker
	ignore: CairnIgnore
	/** Larger files are left out (and dropped from the index). */
	maxFileBytes: number
	onProgress?: (progress: IndexProgress) => void
	/** Files left out because the embedding model refused their content. */
	onRefused?: (files: string[], error: unknown) => void
}

interface PendingFile {
	file: string
	version: FileVersion
	chunks: Chunk[]
}

/** Embedded chunks between saves: what a restart after a crash or a cancel may have to redo. */
const chunksPerSave = 2000

/**
 * Brings the store up to date with the workspace: files gone or now excluded leave it, files
 * whose content hash changed are chunked and embedded again, the rest are not touched. Progress
 * is saved as it goes, so a run that is cancelled (or a process that dies) resumes where it was.
 * Cancelling `signal` stops between requests and rejects with its reason.
 */
export async function indexWorkspace(options: IndexerOptions, signal: AbortSignal): Promise<IndexRunResult> {
	const { store, embedder } = options
	const progress: IndexProgress = { phase: "scanning", processedFiles: 0, totalFiles: 0, embeddedFiles: 0 }
	const report = () => options.onProgress?.({ ...progress })
	report()
	const files = await indexableFiles(options.root, options.ignore, signal)
	const listed = new Set(files)
	let removedFiles = 0
	let skippedFiles = 0
	for (const file of store.paths()) {
		if (!listed.has(file)) {
			store.removeFile(file)
			removedFiles++
		}
	}
	Object.assign(progress, { phase: "indexing", totalFiles: files.length })
	report()

	let pending: PendingFile[] = []
	let pendingChunks = 0
	let sinceSave = 0
	/** Embeds a batch of files and puts them in the store (saving now and then). */
	const embedBatch = async (batch: PendingFile[]) => {
		const texts = batch.flatMap(({ file, chunks }) => chunks.map((chunk) => embeddingText(file, chunk)))
		const vectors: Float32Array[] = []
		try {
			for (let at = 0; at < texts.length; at += embedder.batchSize) {
				signal.throwIfAborted()
				vectors.push(...(await embedder.embed(texts.slice(at, at + embedder.batchSize), signal)))
			}
		} catch (error) {
			if (signal.aborted || !isRefusedInput(error)) throw error
			// The model refused this content (too long for it, say): these files wait for the next
			// run, and the rest of the workspace is not held up by them.
			options.onRefused?.(
				batch.map((entry) => entry.file),
				error,
			)
			skippedFiles += batch.length
			return
		}
		let next = 0
		for (const { file, version, chunks } of batch) {
			store.putFile(file, version, chunks, vectors.slice(next, next + chunks.length))
			next += chunks.length
			progress.embeddedFiles++
		}
		sinceSave += texts.length
		if (sinceSave >= chunksPerSave) {
			await store.save()
			sinceSave = 0
		}
	}
	// One batch is embedded while the next files are read and chunked (parsing is CPU, embedding
	// mostly waiting); only one at a time, so the store sees one writer.
	let embedding: Promise<void> = Promise.resolve()
	const flush = async () => {
		const batch = pending
		pending = []
		pendingChunks = 0
		await embedding
		embedding = embedBatch(batch)
		// Its failure is thrown where it is awaited next, not reported as unhandled before then.
		embedding.catch(() => undefined)
	}

	try {
		for (const file of files) {
			signal.throwIfAborted()
			const read = await readChanged(options, file)
			if (read === "skip") {
				if (store.versionOf(file)) removedFiles++
				store.removeFile(file)
				skippedFiles++
			} else if (read !== "unchanged") {
				const chunks = await options.chunker.chunk(file, read.text)
				pending.push({ file, version: read.version, chunks })
				pendingChunks += chunks.length
				if (pendingChunks >= embedder.batchSize) await flush()
			}
			progress.processedFiles++
			if (progress.processedFiles % 100 === 0) report()
		}
		if (pending.length > 0) await flush()
		await embedding
	} finally {
		// Whatever was embedded is kept, cancelled or not: the next run starts from there. The
		// batch in flight settles first, so the store is not changed while it is being saved.
		await embedding.catch(() => undefined)
		await store.save()
	}
	progress.phase = "done"
	report()
	return {
		totalFiles: files.length,
		embeddedFiles: progress.embeddedFiles,
		removedFiles,
		skippedFiles,
		chunks: store.chunkCount,
	}
}

/** The file's text when it changed since the store last saw it. */
async function readChanged(
	options: IndexerOptions,
	file: string,
): Promise<"skip" | "unchanged" | { text: string; version: FileVersion }> {
	const absolute = path.join(options.root, file)
	const info = await stat(absolute).catch(() => undefined)
	if (!info?.isFile() || info.size > options.maxFileBytes || info.size === 0) return "skip"
	const known = options.store.versionOf(file)
	if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) return "unchanged"
	// Opened without blocking and judged on the descriptor: a FIFO put there since the stat is skipped.
	const opened = await openRegularFile(absolute)
	if (opened.kind !== "ok") return "skip"
	const bytes = await opened.handle
		.readFile()
		.catch(() => undefined)
		.finally(() => opened.handle.close())
	if (bytes === undefined || looksBinary(bytes)) return "skip"
	const version = {
		hash: createHash("sha256").update(bytes).digest("hex"),
		size: info.size,
		mtimeMs: info.mtimeMs,
	}
	if (known?.hash === version.hash) {
		// Touched, not changed: remember the new time so it is not read again.
		options.store.touchFile(file, version)
		return "unchanged"
	}
	return { text: bytes.toString("utf8"), version }
}

/**
 * Characters of a chunk that are embedded. A chunk is normally far shorter; a minified file's
 * single line is not, and would pass the model's input limit (about 8,000 tokens for OpenAI's).
 */
const maxEmbeddedChars = 6000

/** The path goes with the code: a file's name often says what its code is about. */
function embeddingText(file: string, chunk: Chunk): string {
	return `${file}\n${chunk.text.slice(0, maxEmbeddedChars)}`
}

/** The embedding API answered 400 or 413: this input, not the connection or the key, is the problem. */
function isRefusedInput(error: unknown): boolean {
	const { status, status_code: statusCode } = (error ?? {}) as { status?: unknown; status_code?: unknown }
	const code = typeof status === "number" ? status : statusCode
	return code === 400 || code === 413
}
