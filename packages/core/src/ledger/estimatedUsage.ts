import type { TurnOutput } from "../assistant-message/streamTurn.js"
import { TokenCounter } from "../context/tokenCounter.js"
import type { ReportedUsage } from "./billedRequest.js"

/** The provider reported no usage at all (many report it only once the answer ends). */
export const reportedNoUsage = (usage: ReportedUsage): boolean =>
	usage.inputTokens + usage.outputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0) ===
	0

/**
 * What a request that ended (cancelled, cut) before its provider reported usage is likely to have
 * spent: the tokens Cairn expects the provider counted for what was sent (`sentTokens`), and
 * Cairn's count of what came back. Marked as an estimate wherever it is shown.
 */
export async function estimatedUsage(sentTokens: number, output: TurnOutput): Promise<ReportedUsage> {
	const counter = await TokenCounter.load()
	return {
		inputTokens: sentTokens,
		outputTokens: counter.message({ role: "assistant", content: output.assistantBlocks(true) }),
		estimated: true,
	}
}
