import type { ListedModel, ModelInfo } from "@cairn/types"
import { getListing, isRecord, listingEntries, tokens } from "./listingRequest.js"
import type { ListingTarget } from "./listingRequest.js"

/**
 * Where each OpenAI-compatible server puts the context length and output cap of a listed model.
 * LM Studio's loaded length comes first: a model loaded with less than its maximum refuses past what
 * it was loaded with. OpenRouter lists the model's length and its default provider's, which can be
 * smaller. vLLM says `max_model_len`.
 */
export function windowFromEntry(
	entry: Record<string, unknown>,
): Partial<Pick<ModelInfo, "contextWindow" | "maxOutputTokens">> {
	const top = isRecord(entry.top_provider) ? entry.top_provider : {}
	const lengths = [tokens(entry.context_length), tokens(top.context_length)].filter((n) => n !== undefined)
	const contextWindow =
		tokens(entry.loaded_context_length) ??
		(lengths.length > 0 ? Math.min(...lengths) : undefined) ??
		tokens(entry.max_model_len) ??
		tokens(entry.context_window) ??
		tokens(entry.max_context_length)
	const maxOutputTokens = tokens(top.max_completion_tokens)
	return {
		...(contextWindow !== undefined && { contextWindow }),
		...(maxOutputTokens !== undefined && { maxOutputTokens }),
	}
}

/** OpenRouter prices a token in dollars, as a string; Cairn a million of them, as a number. */
function perMillion(value: unknown): number | undefined {
	const perToken = typeof value === "string" ? Number(value) : value
	if (typeof perToken !== "number" || !Number.isFinite(perToken) || perToken < 0) return undefined
	// Rounded, so "0.000003" is 3 and not 2.9999999999999996.
	return Number((perToken * 1_000_000).toPrecision(10))
}

/** OpenRouter's pricing, modalities and parameters, where an entry has them. */
function openRouterInfo(entry: Record<string, unknown>): Pick<ListedModel, "info" | "supportsTools"> {
	const pricing = isRecord(entry.pricing) ? entry.pricing : undefined
	const architecture = isRecord(entry.architecture) ? entry.architecture : undefined
	const parameters = Array.isArray(entry.supported_parameters) ? entry.supported_parameters : undefined
	const prices = {
		inputPrice: perMillion(pricing?.prompt),
		outputPrice: perMillion(pricing?.completion),
		cacheReadsPrice: perMillion(pricing?.input_cache_read),
		cacheWritesPrice: perMillion(pricing?.input_cache_write),
	}
	const info: ListedModel["info"] = Object.fromEntries(
		Object.entries(prices).filter(([, price]) => price !== undefined),
	)
	if (pricing) info.supportsPromptCache = prices.cacheReadsPrice !== undefined
	if (Array.isArray(architecture?.input_modalities))
		info.supportsImages = architecture.input_modalities.includes("image")
	if (parameters)
		info.supportsReasoning = parameters.includes("reasoning") || parameters.includes("include_reasoning")
	return { info, ...(parameters && { supportsTools: parameters.includes("tools") }) }
}

/** LM Studio's REST listing: vision models are `vlm`, and `capabilities` names tool use. */
function lmStudioInfo(entry: Record<string, unknown>): Pick<ListedModel, "info" | "supportsTools"> {
	const info: ListedModel["info"] = { ...windowFromEntry(entry) }
	if (typeof entry.type === "string") info.supportsImages = entry.type === "vlm"
	const capabilities = Array.isArray(entry.capabilities) ? entry.capabilities : undefined
	return { info, ...(capabilities && { supportsTools: capabilities.includes("tool_use") }) }
}

export function listedFromEntry(entry: Record<string, unknown>): ListedModel | undefined {
	if (typeof entry.id !== "string" || entry.id === "") return undefined
	const extra = openRouterInfo(entry)
	const name = typeof entry.name === "string" && entry.name !== entry.id ? entry.name : undefined
	return {
		id: entry.id,
		...(name && { name }),
		info: { ...windowFromEntry(entry), ...extra.info },
		...(extra.supportsTools !== undefined && { supportsTools: extra.supportsTools }),
	}
}

/**
 * `GET {base}/models`, as OpenAI, OpenRouter, vLLM and LM Studio answer it. LM Studio says nothing
 * there about a model but its id; its own REST API (`/api/v0/models`, beside `/v1`) says how long its
 * context is loaded, and which models are for embeddings only, so those are left out.
 */
export async function listOpenAiCompatible(target: ListingTarget): Promise<ListedModel[]> {
	const url = `${target.baseUrl}/models`
	const listed = listingEntries(await getListing(url, target), "data", url, target)
		.map(listedFromEntry)
		.filter((model) => model !== undefined)
	if (target.settings.provider !== "lmstudio" || !target.baseUrl.endsWith("/v1")) return listed
	const restUrl = `${target.baseUrl.slice(0, -"/v1".length)}/api/v0/models`
	// Older LM Studio versions have no REST API; the OpenAI-compatible list is then all there is.
	const rest = await getListing(restUrl, target).catch(() => undefined)
	if (rest === undefined) return listed
	const details = new Map(listingEntries(rest, "data", restUrl, target).map((entry) => [entry.id, entry]))
	return listed.flatMap((model) => {
		const entry = details.get(model.id)
		if (entry === undefined) return [model]
		if (entry.type === "embeddings") return []
		const extra = lmStudioInfo(entry)
		return [
			{
				...model,
				info: { ...model.info, ...extra.info },
				...(extra.supportsTools !== undefined && { supportsTools: extra.supportsTools }),
			},
		]
	})
}
