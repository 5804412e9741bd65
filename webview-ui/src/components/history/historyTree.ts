import type { HistoryItem } from "@cairn/types"

/** A task of the history list and how deep it sits under the tasks that started it. */
export interface HistoryRow {
	item: HistoryItem
	depth: number
}

/**
 * The history as a tree: top-level tasks in the order given (newest first), each followed by its
 * subtasks in the order they ran, and theirs below them. A subtask whose parent is not in the
 * list (deleted, or filtered out by a search) stands at the top level, so nothing is hidden.
 */
export function historyTree(items: readonly HistoryItem[]): HistoryRow[] {
	const present = new Set(items.map((item) => item.id))
	const children = new Map<string, HistoryItem[]>()
	for (const item of items) {
		const parent = item.parentTaskId
		if (parent === undefined || !present.has(parent) || parent === item.id) continue
		children.set(parent, [...(children.get(parent) ?? []), item])
	}
	const rows: HistoryRow[] = []
	// Each task is placed once, which also ends the walk should links ever form a cycle.
	const placed = new Set<string>()
	const place = (item: HistoryItem, depth: number) => {
		if (placed.has(item.id)) return
		placed.add(item.id)
		rows.push({ item, depth })
		for (const child of [...(children.get(item.id) ?? [])].sort((a, b) => a.ts - b.ts))
			place(child, depth + 1)
	}
	for (const item of items) {
		const parent = item.parentTaskId
		if (parent === undefined || !present.has(parent) || parent === item.id) place(item, 0)
	}
	// Tasks only reachable through a cycle of links still show.
	for (const item of items) place(item, 0)
	return rows
}
