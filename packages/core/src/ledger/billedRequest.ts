import type { Spent } from "@cairn/types"
import { requestPriced } from "../providers/modelPrice.js"
import type { ApiUsageChunk, ModelProvider } from "../providers/modelProvider.js"

/**
 * A request's usage as its provider reported it. Some providers also say how many output tokens
 * went to reasoning, and a count may be Cairn's estimate (the provider reported none in time).
 */
export type ReportedUsage = Omit<ApiUsageChunk, "type"> & { reasoningTokens?: number; estimated?: boolean }

/** Which model served a request, as the ledger names it. */
export const modelKeyOf = (provider: Pick<ModelProvider, "name" | "model">): string =>
	`${provider.name}/${provider.model.id}`

/**
 * What one request spent. `cost` is the dollars Cairn computed or the provider reported; it is
 * the price of nothing when the price is unknown (no catalog or profile price, none reported).
 */
export function billedRequest(
	provider: Pick<ModelProvider, "model">,
	usage: ReportedUsage,
	cost: number,
): Spent {
	const unpriced = !requestPriced(provider.model.info, usage)
	return {
		requests: 1,
		tokensIn: usage.inputTokens,
		tokensOut: usage.outputTokens,
		cacheReads: usage.cacheReadTokens ?? 0,
		cacheWrites: usage.cacheWriteTokens ?? 0,
		reasoningTokens: usage.reasoningTokens ?? 0,
		cost: unpriced ? 0 : cost,
		unpriced: unpriced ? 1 : 0,
		estimated: usage.estimated === true ? 1 : 0,
	}
}
