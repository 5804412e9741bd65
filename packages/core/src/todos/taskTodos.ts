import { currentTodos, type EditedTodoList, type TodoItem } from "@cairn/types"
import type { Transcript } from "../task/transcript.js"
import { withStableIds } from "./stableTodoIds.js"
import { parseTodoChecklist, type ChecklistItem } from "./todoChecklist.js"
import { todoReminder } from "./todoReminder.js"

export type TodoUpdate = { ok: true; todos: TodoItem[] } | { ok: false; error: string }

/** What `update_todo_list` may do with the task's list. */
export interface TodoListKeeper {
	/** Replaces the whole list with the model's checklist, or says what is wrong with it. */
	replaceByModel(checklist: string): TodoUpdate
}

/**
 * A task's todo list. It is kept in the transcript, not beside it: each change is a row with the
 * whole list (`tool` for the model's, `user_edit_todos` for the person's), so it is saved,
 * rewound and reopened with the task's messages and every reader derives it the same way.
 */
export class TaskTodos implements TodoListKeeper {
	constructor(private readonly transcript: Pick<Transcript, "all" | "append">) {}

	get current(): TodoItem[] | undefined {
		return currentTodos(this.transcript.all)?.todos
	}

	replaceByModel(checklist: string): TodoUpdate {
		const parsed = parseTodoChecklist(checklist)
		if (!parsed.ok) return parsed
		return { ok: true, todos: this.record("tool", parsed.items) }
	}

	/** The person's list from the task header; items they added get ids here. */
	editByPerson(list: EditedTodoList): TodoItem[] {
		return this.record("user_edit_todos", list)
	}

	/**
	 * The list a parent task hands to this one, as the task's first list. A list that cannot be
	 * read is shown as an error row (the task goes on without it) rather than dropped unseen.
	 */
	startWith(checklist: string): void {
		const update = this.replaceByModel(checklist)
		if (!update.ok)
			this.transcript.append(
				{ type: "say", say: "error" },
				{ text: `The todo list handed to this task could not be read: ${update.error}` },
			)
	}

	/** The environment details' section on the list, undefined while there is none. */
	reminder(): string | undefined {
		return todoReminder(this.transcript.all)
	}

	private record(
		say: "tool" | "user_edit_todos",
		items: readonly (ChecklistItem & { id?: string })[],
	): TodoItem[] {
		const todos = withStableIds(items, this.current ?? [])
		// Appended, never merged into a partial row: the person may edit while the model streams.
		this.transcript.append(
			{ type: "say", say },
			{ text: JSON.stringify({ tool: "updateTodoList", todos }) },
		)
		return todos
	}
}
