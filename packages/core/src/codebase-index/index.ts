export {
	CodebaseIndex,
	indexFolder,
	type CodebaseSearch,
	type CodebaseIndexOptions,
} from "./codebaseIndex.js"
export { CodebaseIndexing } from "./codebaseIndexing.js"
export type { IndexProgress, IndexRunResult } from "./indexProgress.js"
export { LineChunker, type Chunk, type Chunker } from "./chunker.js"
export { SyntaxChunker } from "./syntaxChunker.js"
export type { Embedder, EmbeddingPurpose } from "./embedder.js"
export { createEmbedder } from "./createEmbedder.js"
