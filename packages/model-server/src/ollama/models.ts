import type { ModelListing } from "../protocol.js"
import { isRecord } from "../protocol.js"

const details = {
	parent_model: "",
	format: "gguf",
	family: "cairn",
	families: ["cairn"],
	parameter_size: "1B",
	quantization_level: "Q4_0",
}

/** A model's own context length when the server has no window: a common size for current models. */
const defaultModelContext = 131_072

function tags(models: readonly string[]): unknown {
	return {
		models: models.map((name) => ({
			name,
			model: name,
			modified_at: "2025-01-01T00:00:00Z",
			size: 1_000_000,
			digest: "0".repeat(64),
			details,
		})),
	}
}

/**
 * `POST /api/show`: the model's metadata. Its context length is in `model_info` under
 * `<architecture>.context_length`, the architecture being `general.architecture`.
 */
function show(body: unknown, contextWindow: number | undefined): unknown {
	if (!isRecord(body) || typeof body.model !== "string") return undefined
	return {
		license: "",
		modelfile: `FROM ${body.model}`,
		parameters: "",
		template: "{{ .Prompt }}",
		details,
		model_info: {
			"general.architecture": "cairn",
			"general.parameter_count": 1_000_000_000,
			"cairn.context_length": contextWindow ?? defaultModelContext,
			"cairn.embedding_length": 2048,
		},
		capabilities: ["completion", "tools"],
		modified_at: "2025-01-01T00:00:00Z",
	}
}

export function ollamaModelList(models: readonly string[], listing: ModelListing): unknown {
	return listing.path === "/api/show" ? show(listing.body, listing.contextWindow) : tags(models)
}
