import type { HistoryItem } from "@cairn/types"

/** Every word of the query must appear in the task text, in any order and case. */
export function matchesQuery(item: HistoryItem, query: string): boolean {
	const words = query.toLowerCase().split(/\s+/).filter(Boolean)
	const task = item.task.toLowerCase()
	return words.every((word) => task.includes(word))
}
