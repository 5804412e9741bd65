import type { ModelInfo } from "@cairn/types"
import type { ApiUsageChunk } from "./modelProvider.js"

/**
 * Dollars for one request: what the provider reported, when it did (it knows its discounts and
 * routing), else computed from the model's prices. Providers report `inputTokens` without cache reads and writes (they
 * are priced differently), so the four counts never overlap.
 */
export function requestCost(info: ModelInfo, usage: Omit<ApiUsageChunk, "type">): number {
	if (usage.costUsd !== undefined) return usage.costUsd
	const perMillion =
		usage.inputTokens * info.inputPrice +
		usage.outputTokens * info.outputPrice +
		(usage.cacheWriteTokens ?? 0) * (info.cacheWritesPrice ?? info.inputPrice) +
		(usage.cacheReadTokens ?? 0) * (info.cacheReadsPrice ?? info.inputPrice)
	return perMillion / 1_000_000
}
