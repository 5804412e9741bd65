/** Length of the vectors the server makes when the request names none. */
export const defaultEmbeddingDimensions = 256

/**
 * The words of a text as code names them: identifiers split at case changes, underscores,
 * digits and punctuation, lower-cased, so `parseInvoiceTotal` and "invoice total" share words.
 */
export function embeddingTokens(text: string): string[] {
	return text
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
		.toLowerCase()
		.split(/[^a-z]+/)
		.filter((word) => word.length > 1)
}

/** FNV-1a: a stable hash, so a word always lands on the same dimension. */
function hash(word: string, seed: number): number {
	let h = 0x811c9dc5 ^ seed
	for (let i = 0; i < word.length; i++) {
		h ^= word.charCodeAt(i)
		h = Math.imul(h, 0x01000193)
	}
	return h >>> 0
}

/**
 * A deterministic stand-in for a real embedding: a hashed bag of words, unit length. Texts
 * sharing words point the same way, which is what a search test needs to be predictable.
 */
export function embeddingVector(text: string, dimensions: number): number[] {
	const vector = new Array<number>(dimensions).fill(0)
	for (const word of embeddingTokens(text)) {
		const slot = hash(word, 0) % dimensions
		const sign = hash(word, 1) & 1 ? 1 : -1
		vector[slot] = (vector[slot] ?? 0) + sign
	}
	const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0))
	if (norm === 0) {
		vector[0] = 1
		return vector
	}
	return vector.map((value) => value / norm)
}

/** Little-endian float32s in base64, as OpenAI answers `encoding_format: "base64"`. */
export function base64Floats(vector: readonly number[]): string {
	return Buffer.from(new Float32Array(vector).buffer).toString("base64")
}
