import type { ModelInfo } from "@cairn/types"
import type { ApiUsageChunk } from "./modelProvider.js"

/**
 * Whether Cairn knows what the model's requests cost: the one rule every figure follows. The
 * catalog marks what it cannot price (a paid provider's model it does not list: its 0/0 means
 * "not known"); prices the person or the provider's listing set clear the mark (resolveModelInfo),
 * and local servers and the editor's models cost nothing per request.
 */
export const priceKnown = (info: Pick<ModelInfo, "priceUnknown">): boolean => info.priceUnknown !== true

/** Whether one request's cost is known: the provider reported it, or the model's price is known. */
export const requestPriced = (
	info: Pick<ModelInfo, "priceUnknown">,
	usage: Pick<ApiUsageChunk, "costUsd">,
): boolean => usage.costUsd !== undefined || priceKnown(info)

/**
 * The least one million input tokens of the model can cost, in USD: its input price, or its
 * cache-read price when it caches prompts (a request that repeats the conversation may be read
 * from the cache). Undefined when the price is not known.
 */
export function leastInputPrice(info: ModelInfo): number | undefined {
	if (!priceKnown(info)) return undefined
	const cached = info.supportsPromptCache ? info.cacheReadsPrice : undefined
	return cached === undefined ? info.inputPrice : Math.min(info.inputPrice, cached)
}
