import type { TodoItem } from "@cairn/types"
import type { ChecklistItem } from "./todoChecklist.js"

const numbered = /^todo-(\d+)$/

/**
 * Gives each item of a new list its id, keeping the ids of the previous list so a client's rows
 * stay put: an id the item already has (a person's edit), else the id of a previous item with
 * the same text, else the id of the previous item in the same place (the step was reworded),
 * else a new one. No two items share an id.
 */
export function withStableIds(
	items: readonly (ChecklistItem & { id?: string })[],
	previous: readonly TodoItem[],
): TodoItem[] {
	const used = new Set<string>()
	const take = (id: string | undefined) => {
		if (id === undefined || used.has(id)) return undefined
		used.add(id)
		return id
	}
	const ids: (string | undefined)[] = items.map((item) => take(item.id))
	items.forEach((item, i) => {
		if (ids[i] !== undefined) return
		ids[i] = take(previous.find((old) => old.content === item.content && !used.has(old.id))?.id)
	})
	items.forEach((_item, i) => {
		if (ids[i] === undefined) ids[i] = take(previous[i]?.id)
	})
	let next = Math.max(0, ...[...previous.map((t) => t.id), ...used].map(idNumber)) + 1
	return items.map((item, i) => ({
		// Above every number in use, so never taken.
		id: ids[i] ?? `todo-${next++}`,
		content: item.content,
		status: item.status,
	}))
}

function idNumber(id: string): number {
	const match = numbered.exec(id)
	return match === null ? 0 : Number(match[1])
}
