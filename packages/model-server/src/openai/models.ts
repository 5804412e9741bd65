import type { ModelListing, OverflowStyle } from "../protocol.js"
import { openRouterPrices } from "./usage.js"

const created = 1_735_689_600

/** LM Studio's REST listing reports the model's own maximum besides the context it is loaded with. */
const lmStudioModelMaximum = 131_072

type Entry = (id: string, listing: ModelListing) => Record<string, unknown>

/**
 * How each server lists its models and where it says how long their context is: OpenAI says
 * nothing; OpenRouter `context_length` and `top_provider`; vLLM `max_model_len`; LM Studio nothing on
 * `/v1/models`, but `loaded_context_length` / `max_context_length` on its own `/api/v0/models`.
 */
const entries: Record<OverflowStyle, Entry> = {
	openai: (id) => ({ id, object: "model", created, owned_by: "cairn" }),
	openrouter: (id, { contextWindow, maxOutputTokens }) => ({
		id,
		canonical_slug: id,
		name: id,
		created,
		description: "A scripted model (cairn-model-server).",
		...(contextWindow !== undefined && { context_length: contextWindow }),
		architecture: {
			modality: "text->text",
			input_modalities: ["text"],
			output_modalities: ["text"],
			tokenizer: "Other",
			instruct_type: null,
		},
		// Dollars per token, as strings (OpenRouter's own format).
		pricing: { ...openRouterPrices, request: "0", image: "0" },
		top_provider: {
			context_length: contextWindow ?? null,
			max_completion_tokens: maxOutputTokens ?? null,
			is_moderated: false,
		},
		per_request_limits: null,
		supported_parameters: ["max_tokens", "temperature", "tools", "tool_choice", "reasoning"],
	}),
	vllm: vllmEntry,
	"vllm-legacy": vllmEntry,
	lmstudio: (id) => ({ id, object: "model", owned_by: "organization_owner" }),
}

function vllmEntry(id: string, { contextWindow }: ModelListing): Record<string, unknown> {
	return {
		id,
		object: "model",
		created,
		owned_by: "vllm",
		root: id,
		parent: null,
		...(contextWindow !== undefined && { max_model_len: contextWindow }),
		permission: [
			{
				id: "modelperm-cairn",
				object: "model_permission",
				created,
				allow_create_engine: false,
				allow_sampling: true,
				allow_logprobs: true,
				allow_search_indices: false,
				allow_view: true,
				allow_fine_tuning: false,
				organization: "*",
				group: null,
				is_blocking: false,
			},
		],
	}
}

function lmStudioRestEntry(id: string, { contextWindow }: ModelListing): Record<string, unknown> {
	return {
		id,
		object: "model",
		type: "llm",
		publisher: "cairn",
		arch: "cairn",
		compatibility_type: "gguf",
		quantization: "Q4_K_M",
		state: contextWindow === undefined ? "not-loaded" : "loaded",
		max_context_length: Math.max(contextWindow ?? 0, lmStudioModelMaximum),
		...(contextWindow !== undefined && { loaded_context_length: contextWindow }),
	}
}

export function openaiModelList(models: readonly string[], listing: ModelListing): unknown {
	if (listing.path === "/api/v0/models") {
		if (listing.style !== "lmstudio") return undefined
		return { object: "list", data: models.map((id) => lmStudioRestEntry(id, listing)) }
	}
	const data = models.map((id) => entries[listing.style](id, listing))
	// OpenRouter's listing is a bare `{ data }`.
	return listing.style === "openrouter" ? { data } : { object: "list", data }
}
