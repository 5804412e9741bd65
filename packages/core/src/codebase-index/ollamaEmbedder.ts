import type { EmbeddingSettings } from "@cairn/types"
import { ollamaDefaultHost } from "../providers/ollama/ollamaProvider.js"
import { lazy } from "../providers/wireHelpers.js"
import { checkCount, embedderIdentity, normalized, type Embedder } from "./embedder.js"

const loadSdk = lazy(() => import("ollama"))

/** An Ollama server's `/api/embed`, through ollama-js. */
export class OllamaEmbedder implements Embedder {
	readonly identity: string
	readonly batchSize = 32

	constructor(
		private readonly settings: EmbeddingSettings,
		private readonly apiKey: string | undefined,
	) {
		this.identity = embedderIdentity(settings)
	}

	async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		const { Ollama } = await loadSdk()
		// ollama-js takes no per-request signal; a fetch of our own carries it.
		const client = new Ollama({
			host: this.settings.baseUrl ?? ollamaDefaultHost,
			headers: {
				...this.settings.headers,
				...(this.apiKey && { Authorization: `Bearer ${this.apiKey}` }),
			},
			fetch: (input, init) => fetch(input, { ...init, ...(signal && { signal }) }),
		})
		const response = await client.embed({
			model: this.settings.modelId,
			input: [...texts],
			truncate: true,
			...(this.settings.dimensions !== undefined && { dimensions: this.settings.dimensions }),
		})
		checkCount(response.embeddings.length, texts.length)
		return response.embeddings.map((values) => normalized(values))
	}
}
