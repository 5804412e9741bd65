import { maxTodoItems, todoContentSchema, type TodoItem, type TodoStatus } from "@cairn/types"

/** A step as a checklist line gives it; the task gives it its id. */
export interface ChecklistItem {
	content: string
	status: TodoStatus
}

export type ChecklistParse = { ok: true; items: ChecklistItem[] } | { ok: false; error: string }

const boxes: Readonly<Record<string, TodoStatus>> = {
	" ": "pending",
	"": "pending",
	"-": "in_progress",
	"~": "in_progress",
	x: "completed",
	X: "completed",
}
const marks: Readonly<Record<TodoStatus, string>> = { pending: " ", in_progress: "-", completed: "x" }

// An optional bullet ("-", "*", "+" or "1."), a checkbox, the text.
const itemLine = /^\s*(?:[-*+]|\d{1,4}[.)])?\s*\[(.?)\]\s*(.*)$/

const howToWrite =
	'Write one item per line: "- [ ] text" (to do), "- [-] text" (in progress) or "- [x] text" (done).'

const quoted = (line: string) => JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line)

/**
 * Reads the Markdown checklist a model writes (`- [ ]`, `- [-]`, `- [x]`, one item per line).
 * Blank lines are passed over; any other line that is not an item is an error that names it,
 * so the model can send the list again corrected.
 */
export function parseTodoChecklist(checklist: string): ChecklistParse {
	const items: ChecklistItem[] = []
	const lines = checklist.split(/\r?\n/)
	for (const [index, line] of lines.entries()) {
		if (line.trim() === "") continue
		const where = `Line ${index + 1} (${quoted(line.trim())})`
		const match = itemLine.exec(line)
		const status = match === null ? undefined : boxes[match[1] ?? ""]
		if (match === null || status === undefined)
			return { ok: false, error: `${where} is not a checklist item. ${howToWrite}` }
		const content = todoContentSchema.safeParse(match[2] ?? "")
		if (!content.success)
			return { ok: false, error: `${where}: ${content.error.issues[0]?.message ?? "invalid"}.` }
		items.push({ content: content.data, status })
		if (items.length > maxTodoItems)
			return {
				ok: false,
				error: `The list has more than ${maxTodoItems} items; keep it to the main steps.`,
			}
	}
	if (items.length === 0) return { ok: false, error: `The list has no items. ${howToWrite}` }
	return { ok: true, items }
}

/** The list as the checklist the model writes, for the environment details. */
export function formatTodoChecklist(todos: readonly Pick<TodoItem, "content" | "status">[]): string {
	return todos.map((todo) => `- [${marks[todo.status]}] ${todo.content}`).join("\n")
}
