import type { HistoryItem, TaskCard } from "@cairn/types"
import { UsageError } from "../cli/exitCodes.js"
import { t } from "../i18n/cliI18n.js"

/**
 * The task `ref` names: its number in `cairn tasks`, its full id, or a prefix of exactly one
 * task's id in this workspace. Anything else is a usage error saying which.
 */
export function resolveTaskRef(
	ref: string,
	cards: readonly TaskCard[],
	history: readonly HistoryItem[],
): string {
	if (/^[1-9]\d{0,5}$/.test(ref)) {
		const card = cards[Number(ref) - 1]
		if (card === undefined) throw new UsageError(t("board.noSuchNumber", { ref }))
		return card.taskId
	}
	const ids = new Set([...cards.map((card) => card.taskId), ...history.map((item) => item.id)])
	if (ids.has(ref)) return ref
	const matches = [...ids].filter((id) => id.startsWith(ref))
	if (matches.length === 1) return matches[0] as string
	if (matches.length === 0) throw new UsageError(t("board.noSuchTask", { ref }))
	throw new UsageError(t("board.ambiguousTask", { ref, matches: matches.length }))
}
