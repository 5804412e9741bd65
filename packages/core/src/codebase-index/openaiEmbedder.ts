import type { EmbeddingSettings } from "@cairn/types"
import { openaiDefaultBaseUrl } from "../providers/openai/openaiProvider.js"
import { lazy } from "../providers/wireHelpers.js"
import { checkCount, embedderIdentity, normalized, type Embedder } from "./embedder.js"

const loadSdk = lazy(() => import("openai"))

/** Any OpenAI-compatible `/v1/embeddings`, through the official SDK. */
export class OpenAiEmbedder implements Embedder {
	readonly identity: string
	readonly batchSize = 64

	constructor(
		private readonly settings: EmbeddingSettings,
		private readonly apiKey: string | undefined,
	) {
		this.identity = embedderIdentity(settings)
	}

	async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
		const { default: OpenAI } = await loadSdk()
		const client = new OpenAI({
			baseURL: this.settings.baseUrl ?? openaiDefaultBaseUrl,
			// Local servers take no key; the SDK insists on one.
			apiKey: this.apiKey ?? "no-key",
			...(this.settings.headers && { defaultHeaders: this.settings.headers }),
			maxRetries: 3,
		})
		const response = await client.embeddings.create(
			{
				model: this.settings.modelId,
				input: [...texts],
				...(this.settings.dimensions !== undefined && { dimensions: this.settings.dimensions }),
			},
			// A signal of its own per request: the SDK leaves a listener on the signal it is given.
			{ ...(signal && { signal: AbortSignal.any([signal]) }) },
		)
		checkCount(response.data.length, texts.length)
		// The API may answer out of order; `index` says whose vector each is.
		const byIndex = [...response.data].sort((a, b) => a.index - b.index)
		return byIndex.map((item) => normalized(item.embedding))
	}
}
