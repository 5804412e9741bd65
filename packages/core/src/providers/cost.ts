import type { ModelInfo } from "@cairn/types"
import type { ApiUsageChunk } from "./modelProvider.js"

/**
 * Dollars for one request. Providers report `inputTokens` without cache reads and writes (they
 * are priced differently), so the four counts never overlap.
 */
export function requestCost(info: ModelInfo, usage: Omit<ApiUsageChunk, "type">): number {
	const perMillion =
		usage.inputTokens * info.inputPrice +
		usage.outputTokens * info.outputPrice +
		(usage.cacheWriteTokens ?? 0) * (info.cacheWritesPrice ?? info.inputPrice) +
		(usage.cacheReadTokens ?? 0) * (info.cacheReadsPrice ?? info.inputPrice)
	return perMillion / 1_000_000
}
