import type { ModelInfo, ProviderName } from "@cairn/types"

/** Providers whose models run on the person's machine: a price of 0 is what they cost. */
const localProviders: ReadonlySet<ProviderName> = new Set(["ollama", "lmstudio"])

/**
 * The least one million input tokens of the model can cost, in USD: its input price, or its
 * cache-read price when it caches prompts (a request that repeats the conversation may be read
 * from the cache). Undefined when Cairn has no price: the catalog's 0 means "not known" for a
 * model served by someone else.
 */
export function leastInputPrice(provider: ProviderName, info: ModelInfo): number | undefined {
	if (info.inputPrice === 0 && info.outputPrice === 0 && !localProviders.has(provider)) return undefined
	const cached = info.supportsPromptCache ? info.cacheReadsPrice : undefined
	return cached === undefined ? info.inputPrice : Math.min(info.inputPrice, cached)
}
