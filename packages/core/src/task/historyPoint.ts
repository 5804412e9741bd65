import type { HistoryPoint } from "@cairn/types"
import type { ApiMessage } from "../providers/apiMessage.js"

/**
 * The history as it was at `point` (ApiHistory.point), and what came after it. A trailing user
 * message that grew since (merged feedback after a cancel) is cut back to its blocks then.
 */
export function cutHistory(
	messages: readonly ApiMessage[],
	point: HistoryPoint,
): { kept: ApiMessage[]; removed: ApiMessage[] } {
	const kept = messages
		.slice(0, point.messages)
		.map((m) => ({ ...m, content: [...m.content] }) as ApiMessage)
	const removed = messages.slice(point.messages)
	const last = kept.at(-1)
	if (
		last?.role === "user" &&
		point.lastUserBlocks !== undefined &&
		last.content.length > point.lastUserBlocks
	) {
		const extra = last.content.splice(point.lastUserBlocks)
		removed.unshift({ role: "user", content: extra })
	}
	return { kept, removed }
}
