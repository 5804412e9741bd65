import {
	activeEmbedding,
	codebaseIndexKeyName,
	type CodebaseIndexSettings,
	type CodebaseIndexStatus,
	type CodebaseSearchHit,
	type EmbeddingProviderName,
} from "@cairn/types"
import type { Host } from "../host/Host.js"
import { CodebaseIndex, type CodebaseSearch } from "./codebaseIndex.js"
import type { IndexProgress } from "./indexProgress.js"
import { indexStatusOf, statusChanged } from "./indexStatus.js"

/**
 * The workspace's index as the settings want it, for the Controller: none while indexing is
 * off or no embedding model is chosen; rebuilt under a new model when the model changes. It is
 * the one CodebaseSearch tasks hold, so a task started before the index was ready offers
 * codebase_search from the request after it becomes ready.
 */
export class CodebaseIndexing implements CodebaseSearch {
	private index: CodebaseIndex | undefined
	/** What the current index was made from; another value means another index. */
	private madeFrom: string | undefined
	private applying: Promise<void> = Promise.resolve()
	/** The current index's latest run progress, for its status. */
	private progress: IndexProgress | undefined
	private hasOwnKey = false
	private lastStatus: CodebaseIndexStatus | undefined
	private readonly statusListeners = new Set<(status: CodebaseIndexStatus) => void>()

	constructor(
		private readonly host: Host,
		private readonly settings: () => CodebaseIndexSettings,
		/** The key of a provider's profile, used when no key of the index's own is saved. */
		private readonly providerKey: (provider: EmbeddingProviderName) => Promise<string | undefined>,
		private readonly onProgress?: (progress: IndexProgress) => void,
	) {}

	/**
	 * Follows the settings (opening, replacing or dropping the index) and starts an update in the
	 * background: files changed since the last one are embedded again. Call it at start, after a
	 * settings change and whenever files may have changed; resolves once the index is open, not
	 * when the update ends (see `idle`).
	 */
	sync(): Promise<void> {
		this.applying = this.applying
			.then(() => this.apply())
			.catch((error: unknown) => {
				this.host.logger.error("Could not open the codebase index", { error: String(error) })
			})
		return this.applying
	}

	/** The running update, if any (tests, the bench). */
	get idle(): Promise<unknown> {
		return this.applying.then(() => this.index?.idle)
	}

	isReady(): boolean {
		return this.index?.isReady() ?? false
	}

	search(
		query: string,
		options: { folder?: string; limit: number; minScore: number; signal?: AbortSignal },
	): Promise<CodebaseSearchHit[]> {
		if (this.index === undefined) return Promise.reject(new Error("Codebase indexing is turned off."))
		return this.index.search(query, options)
	}

	/** Where the index stands, for the Settings view. */
	status(): CodebaseIndexStatus {
		return indexStatusOf({
			settings: this.settings(),
			progress: this.progress,
			searchable: this.isReady(),
			hasOwnKey: this.hasOwnKey,
		})
	}

	/** Calls `listener` when the status changes (a run moves by a whole percent, ends, the settings change). */
	onStatus(listener: (status: CodebaseIndexStatus) => void): { dispose(): void } {
		this.statusListeners.add(listener)
		return { dispose: () => this.statusListeners.delete(listener) }
	}

	/** Stops the running update (the person cancelled it); the next sync resumes it. */
	cancel(): void {
		this.index?.cancel()
	}

	/** Drops the index; resolves once its update (if one runs) has stopped writing. */
	async dispose(): Promise<void> {
		const index = this.index
		this.index = undefined
		this.madeFrom = undefined
		await index?.dispose()
	}

	/** The index's own key, else the one the person gave the provider for chatting. */
	private async apiKeyFor(provider: EmbeddingProviderName): Promise<string | undefined> {
		return (await this.host.secrets.get(codebaseIndexKeyName)) ?? (await this.providerKey(provider))
	}

	private async apply(): Promise<void> {
		const settings = this.settings()
		const embedding = activeEmbedding(settings)
		this.hasOwnKey = (await this.host.secrets.get(codebaseIndexKeyName)) !== undefined
		const apiKey = embedding && (await this.apiKeyFor(embedding.provider))
		const madeFrom = embedding && JSON.stringify([embedding, settings.maxFileSizeKB, apiKey ?? ""])
		if (madeFrom !== this.madeFrom) {
			await this.dispose()
			this.progress = undefined
			this.reportStatus()
			if (embedding === undefined || madeFrom === undefined) return
			const index = new CodebaseIndex({
				workspaceRoot: this.host.workspaceRoot,
				storageDir: this.host.storageDir,
				embedding,
				apiKey,
				maxFileBytes: settings.maxFileSizeKB * 1024,
				logger: this.host.logger,
			})
			index.onProgress((progress) => this.track(progress))
			await index.open()
			this.index = index
			this.madeFrom = madeFrom
		}
		this.reportStatus()
		void this.index?.update()
	}

	private track(progress: IndexProgress): void {
		// A stopped run reports no counts; the person still sees how far it got.
		this.progress =
			progress.phase === "stopped"
				? {
						...progress,
						processedFiles: this.progress?.processedFiles ?? 0,
						totalFiles: this.progress?.totalFiles ?? 0,
					}
				: progress
		this.onProgress?.(progress)
		this.reportStatus()
	}

	private reportStatus(): void {
		const status = this.status()
		if (!statusChanged(this.lastStatus, status)) return
		this.lastStatus = status
		for (const listener of this.statusListeners) listener(status)
	}
}
