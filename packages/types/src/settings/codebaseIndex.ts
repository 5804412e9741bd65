import { z } from "zod"

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })

/** The providers whose embedding endpoints Cairn calls for the codebase index. */
export const embeddingProviderNames = ["openai", "ollama", "gemini"] as const
export type EmbeddingProviderName = (typeof embeddingProviderNames)[number]

/**
 * The embedding model the codebase index uses: `openai` is any OpenAI-compatible `/v1/embeddings`
 * (OpenAI, a gateway, vLLM, LM Studio), `ollama` a server's `/api/embed`, `gemini` the Gemini
 * API's `batchEmbedContents` (gemini-embedding-001). Its key, where it needs
 * one, is in secret storage, never here: its own (see `codebaseIndexKeyName`), else the key the
 * person gave that provider for chatting.
 */
export const embeddingSettingsSchema = z.object({
	provider: z.enum(embeddingProviderNames),
	modelId: z.string().min(1, "an embedding model id is required"),
	baseUrl: httpUrl.optional(),
	/** Asks the model for vectors this long, where it can shorten them (OpenAI's text-embedding-3, Gemini's). */
	dimensions: z.number().int().positive().max(8192).optional(),
	headers: z.record(z.string(), z.string()).optional(),
})
export type EmbeddingSettings = z.infer<typeof embeddingSettingsSchema>

/**
 * Semantic search over the workspace (`codebase_search`). The index is built only while `enabled`
 * is on AND an embedding model is configured: on by default, it costs nothing until someone
 * chooses a model, and turning it off stops indexing and withdraws the tool.
 */
export const codebaseIndexSettingsSchema = z.object({
	enabled: z.boolean().default(true),
	embedding: embeddingSettingsSchema.optional(),
	/** Files larger than this are not indexed (generated bundles, data files). */
	maxFileSizeKB: z.number().int().positive().max(10_240).default(512),
	/** Results at most per search. */
	maxResults: z.number().int().positive().max(100).default(20),
	/** Results below this cosine similarity are left out. */
	minScore: z.number().min(-1).max(1).default(0.1),
})
export type CodebaseIndexSettings = z.infer<typeof codebaseIndexSettingsSchema>

/** The secret-storage key of the embedding provider's API key. */
export const codebaseIndexKeyName = "codebaseIndex.apiKey"

/** The embedding model to index with, or undefined when indexing is off. */
export function activeEmbedding(settings: CodebaseIndexSettings): EmbeddingSettings | undefined {
	return settings.enabled ? settings.embedding : undefined
}
