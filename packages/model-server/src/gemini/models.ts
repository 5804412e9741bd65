import type { ModelListing } from "../protocol.js"

/** `GET /v1beta/models`: each model with the input and output it takes, for discovery. */
export function geminiModelList(models: readonly string[], listing: ModelListing): unknown {
	return {
		models: models.map((id) => ({
			name: `models/${id}`,
			version: "001",
			displayName: id,
			description: `${id}, served by cairn-model-server`,
			inputTokenLimit: listing.contextWindow ?? 1_048_576,
			outputTokenLimit: listing.maxOutputTokens ?? 65_536,
			supportedGenerationMethods: ["generateContent", "countTokens"],
			temperature: 1,
			topP: 0.95,
			topK: 64,
			maxTemperature: 2,
			thinking: true,
		})),
	}
}
