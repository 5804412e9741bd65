import type { ClineMessage } from "../message/clineMessage.js"
import { clineSayToolSchema } from "../message/sayTool.js"
import { safeParseJson } from "../parse.js"
import type { TodoItem } from "./todoItem.js"

/** The task's todo list as it now stands, and who wrote it last. */
export interface TodoListState {
	todos: TodoItem[]
	/** The model (an `update_todo_list` call, or the list a parent task handed over) or the person. */
	by: "model" | "person"
	/** The row that set it. */
	ts: number
}

/**
 * The task's current todo list, read from its transcript: the newest `tool` row of
 * `update_todo_list` or `user_edit_todos` row decides. The list lives in the task's messages,
 * so it is saved, rewound and reopened with them; the task header, the environment details and
 * the tool all read it here. An empty list is a list the person cleared: there is none.
 */
export function currentTodos(messages: readonly ClineMessage[]): TodoListState | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message === undefined || !isTodoRow(message)) continue
		const row = safeParseJson(clineSayToolSchema, message.text)
		if (!row.success || row.data.tool !== "updateTodoList") continue
		if (row.data.todos.length === 0) return undefined
		return {
			todos: row.data.todos,
			by: message.say === "user_edit_todos" ? "person" : "model",
			ts: message.ts,
		}
	}
	return undefined
}

/**
 * A row that may set the list: a finished `tool` say (an ask is only a proposal) or a person's
 * edit. The text is looked at before it is parsed, so a long task's other tool rows cost little.
 */
function isTodoRow(message: ClineMessage): boolean {
	return (
		message.type === "say" &&
		message.partial !== true &&
		(message.say === "tool" || message.say === "user_edit_todos") &&
		message.text?.includes('"updateTodoList"') === true
	)
}

/** "3/7 done", for a one-line summary. */
export function todoProgress(todos: readonly TodoItem[]): string {
	const done = todos.filter((todo) => todo.status === "completed").length
	return `${done}/${todos.length} done`
}

/** The step being worked on: the first in progress, else the first still to do. */
export function currentTodo(todos: readonly TodoItem[]): TodoItem | undefined {
	return (
		todos.find((todo) => todo.status === "in_progress") ?? todos.find((todo) => todo.status === "pending")
	)
}
