import type { EmbeddingSettings } from "@cairn/types"

/** Turns texts into vectors with one embedding model. */
export interface Embedder {
	/**
	 * What the vectors are comparable under: provider, model and dimensions. An index built
	 * under another identity is rebuilt, since vectors of different models cannot be compared.
	 */
	readonly identity: string
	/** Most texts per request. */
	readonly batchSize: number
	/** One vector per text, in order; `purpose` (default "document") for models that embed the two sides differently. */
	embed(texts: readonly string[], signal?: AbortSignal, purpose?: EmbeddingPurpose): Promise<Float32Array[]>
}

/** What is embedded: code to be found (`document`), or a search for it (`query`). */
export type EmbeddingPurpose = "document" | "query"

export function embedderIdentity(settings: EmbeddingSettings): string {
	return [settings.provider, settings.baseUrl ?? "", settings.modelId, settings.dimensions ?? ""].join("|")
}

/** Vectors are stored unit-length, so a dot product is their cosine similarity. */
export function normalized(values: ArrayLike<number>): Float32Array {
	const vector = Float32Array.from(values)
	let norm = 0
	for (const value of vector) norm += value * value
	norm = Math.sqrt(norm)
	if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm
	return vector
}

export function checkCount(got: number, wanted: number): void {
	if (got !== wanted) throw new Error(`The embedding model returned ${got} vectors for ${wanted} texts.`)
}
