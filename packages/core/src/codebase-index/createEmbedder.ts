import type { EmbeddingSettings } from "@cairn/types"
import type { Embedder } from "./embedder.js"
import { GeminiEmbedder } from "./geminiEmbedder.js"
import { OllamaEmbedder } from "./ollamaEmbedder.js"
import { OpenAiEmbedder } from "./openaiEmbedder.js"

export function createEmbedder(settings: EmbeddingSettings, apiKey: string | undefined): Embedder {
	switch (settings.provider) {
		case "openai":
			return new OpenAiEmbedder(settings, apiKey)
		case "ollama":
			return new OllamaEmbedder(settings, apiKey)
		case "gemini":
			return new GeminiEmbedder(settings, apiKey)
	}
}
