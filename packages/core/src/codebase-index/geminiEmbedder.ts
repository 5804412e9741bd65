import type { EmbeddingSettings } from "@cairn/types"
import { geminiDefaultBaseUrl } from "../providers/gemini/geminiProvider.js"
import { lazy } from "../providers/wireHelpers.js"
import { checkCount, embedderIdentity, normalized, type Embedder, type EmbeddingPurpose } from "./embedder.js"

const loadSdk = lazy(() => import("@google/genai"))

/** Google's task types for code search: code is a retrieval document, a question about it a code retrieval query. */
const taskTypes: Record<EmbeddingPurpose, string> = {
	document: "RETRIEVAL_DOCUMENT",
	query: "CODE_RETRIEVAL_QUERY",
}

/**
 * The Gemini API's embeddings (`models/{model}:batchEmbedContents`), through `@google/genai` as
 * the Gemini chat provider uses it. Vectors shortened with `outputDimensionality` are not unit
 * length (Google says to normalise them), which `normalized` does for every embedder.
 */
export class GeminiEmbedder implements Embedder {
	readonly identity: string
	/** The API takes at most 100 requests per batch; half that keeps each request's tokens modest. */
	readonly batchSize = 50

	constructor(
		private readonly settings: EmbeddingSettings,
		private readonly apiKey: string | undefined,
	) {
		this.identity = embedderIdentity(settings)
	}

	async embed(
		texts: readonly string[],
		signal?: AbortSignal,
		purpose: EmbeddingPurpose = "document",
	): Promise<Float32Array[]> {
		if (this.apiKey === undefined)
			throw new Error("Gemini embeddings need an API key: give Gemini's key in the settings.")
		const { GoogleGenAI } = await loadSdk()
		const client = new GoogleGenAI({
			apiKey: this.apiKey,
			// Explicit, so GOOGLE_GEMINI_BASE_URL in the editor's environment cannot redirect requests.
			httpOptions: {
				baseUrl: this.settings.baseUrl ?? geminiDefaultBaseUrl,
				...(this.settings.headers && { headers: this.settings.headers }),
				// Only retried when asked: 429s are common on Gemini's free tier.
				retryOptions: { attempts: 4 },
			},
		})
		const response = await client.models.embedContent({
			model: this.settings.modelId,
			contents: [...texts],
			config: {
				taskType: taskTypes[purpose],
				...(this.settings.dimensions !== undefined && {
					outputDimensionality: this.settings.dimensions,
				}),
				...(signal && { abortSignal: signal }),
			},
		})
		const embeddings = response.embeddings ?? []
		checkCount(embeddings.length, texts.length)
		return embeddings.map((embedding) => normalized(embedding.values ?? []))
	}
}
