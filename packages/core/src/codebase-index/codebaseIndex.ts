import { createHash } from "node:crypto"
import path from "node:path"
import type { CodebaseSearchHit, EmbeddingSettings } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { LineChunker, type Chunker } from "./chunker.js"
import { createEmbedder } from "./createEmbedder.js"
import type { Embedder } from "./embedder.js"
import { indexWorkspace } from "./indexer.js"
import type { IndexProgress, IndexRunResult } from "./indexProgress.js"
import { VectorStore } from "./vectorStore.js"

/** What the task and the `codebase_search` tool see of the index. */
export interface CodebaseSearch {
	/** An index exists to search (it may still be catching up): only then is the tool offered. */
	isReady(): boolean
	/** The chunks most like `query`, best first; `folder` (workspace-relative) limits them to its files. */
	search(
		query: string,
		options: { folder?: string; limit: number; minScore: number; signal?: AbortSignal },
	): Promise<CodebaseSearchHit[]>
}

export interface CodebaseIndexOptions {
	workspaceRoot: string
	/** Cairn's storage folder; the index lives under `codebase-index/<hash of the workspace path>`. */
	storageDir: string
	embedding: EmbeddingSettings
	apiKey: string | undefined
	maxFileBytes: number
	logger: Logger
	/** Another model client (tests); by default the one the settings name. */
	embedder?: Embedder
	chunker?: Chunker
}

export type IndexListener = (progress: IndexProgress) => void

/** The folder a workspace's index is kept in: one per workspace path, never shared. */
export function indexFolder(storageDir: string, workspaceRoot: string): string {
	const key = createHash("sha256").update(path.resolve(workspaceRoot)).digest("hex").slice(0, 16)
	return path.join(storageDir, "codebase-index", key)
}

/**
 * One workspace's semantic index: opened from disk when it was built before, kept up to date by
 * runs in the background (`update`), searched by `codebase_search`. Runs never overlap: an
 * update asked for while one runs starts once it ends, and several such asks make one run.
 */
export class CodebaseIndex implements CodebaseSearch {
	private readonly embedder: Embedder
	private readonly chunker: Chunker
	private readonly folder: string
	private store: VectorStore | undefined
	private readonly listeners = new Set<IndexListener>()
	private running: { controller: AbortController; done: Promise<IndexRunResult | undefined> } | undefined
	private again = false
	private disposed = false

	constructor(private readonly options: CodebaseIndexOptions) {
		this.embedder = options.embedder ?? createEmbedder(options.embedding, options.apiKey)
		this.chunker = options.chunker ?? new LineChunker()
		this.folder = indexFolder(options.storageDir, options.workspaceRoot)
	}

	/** Reads a saved index, if there is one for this model; no request is made for it. */
	async open(): Promise<void> {
		const dimensions = await VectorStore.savedDimensions(this.folder, this.embedder.identity)
		if (dimensions !== undefined)
			this.store = await VectorStore.open(this.folder, this.embedder.identity, dimensions)
	}

	isReady(): boolean {
		return this.store !== undefined && this.store.fileCount > 0
	}

	/** The current run, if any; resolves with its result, or undefined when it was cancelled or failed. */
	get idle(): Promise<IndexRunResult | undefined> {
		return this.running?.done ?? Promise.resolve(undefined)
	}

	onProgress(listener: IndexListener): { dispose(): void } {
		this.listeners.add(listener)
		return { dispose: () => this.listeners.delete(listener) }
	}

	/**
	 * Brings the index up to date in the background; returns the run's promise (see `idle`).
	 * Call it at start and whenever files may have changed: unchanged files cost a stat each.
	 */
	update(): Promise<IndexRunResult | undefined> {
		if (this.disposed) return Promise.resolve(undefined)
		if (this.running) {
			this.again = true
			return this.running.done.then(() => this.running?.done)
		}
		const controller = new AbortController()
		const done = this.run(controller.signal).finally(() => {
			this.running = undefined
			if (this.again && !this.disposed) {
				this.again = false
				void this.update()
			}
		})
		this.running = { controller, done }
		return done
	}

	/** Stops the running update; what it embedded so far is kept for the next one. */
	cancel(): void {
		this.again = false
		this.running?.controller.abort(new Error("Indexing was cancelled."))
	}

	/** Cancels the running update and resolves once it has stopped writing. */
	async dispose(): Promise<void> {
		this.disposed = true
		this.cancel()
		this.listeners.clear()
		await this.idle
	}

	async search(
		query: string,
		options: { folder?: string; limit: number; minScore: number; signal?: AbortSignal },
	): Promise<CodebaseSearchHit[]> {
		const store = this.store
		if (store === undefined) throw new Error("The codebase index has not been built yet.")
		const [vector] = await this.embedder.embed([query], options.signal)
		if (vector === undefined) throw new Error("The embedding model returned no vector for the query.")
		const prefix =
			options.folder === undefined || options.folder === "."
				? undefined
				: `${options.folder.replace(/\/+$/, "")}/`
		const include = prefix === undefined ? undefined : (file: string) => file.startsWith(prefix)
		return store.search(vector, options.limit, include).filter((hit) => hit.score >= options.minScore)
	}

	private async run(signal: AbortSignal): Promise<IndexRunResult | undefined> {
		try {
			const store = this.store ?? (await this.createStore(signal))
			this.store = store
			const result = await indexWorkspace(
				{
					root: this.options.workspaceRoot,
					store,
					embedder: this.embedder,
					chunker: this.chunker,
					ignore: await CairnIgnore.load(this.options.workspaceRoot),
					maxFileBytes: this.options.maxFileBytes,
					onProgress: (progress) => this.emit(progress),
					onRefused: (files, error) =>
						this.options.logger.warn(
							"The embedding model refused some files; they are left out for now",
							{
								files: files.slice(0, 20).join(", "),
								error: String(error),
							},
						),
				},
				signal,
			)
			this.options.logger.debug("Codebase index updated", { ...result })
			return result
		} catch (error) {
			const failure = signal.aborted
				? undefined
				: error instanceof Error
					? error.message
					: String(error)
			this.emit({
				phase: "stopped",
				processedFiles: 0,
				totalFiles: 0,
				embeddedFiles: 0,
				...(failure !== undefined && { error: failure }),
			})
			if (failure === undefined) this.options.logger.debug("Codebase indexing cancelled")
			else this.options.logger.error("Codebase indexing failed", { error: failure })
			return undefined
		}
	}

	/** A first build: one request learns how long the model's vectors are. */
	private async createStore(signal: AbortSignal): Promise<VectorStore> {
		const [probe] = await this.embedder.embed(["dimensions"], signal)
		if (probe === undefined || probe.length === 0)
			throw new Error("The embedding model returned an empty vector.")
		return VectorStore.open(this.folder, this.embedder.identity, probe.length)
	}

	private emit(progress: IndexProgress): void {
		for (const listener of this.listeners) listener(progress)
	}
}
