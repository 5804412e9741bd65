import type { EditedTodoList } from "@cairn/types"
import { postToHost } from "../vscode"

/** Sends the person's version of the whole todo list; the task records it and the model sees it next. */
export function saveTodos(todos: EditedTodoList): void {
	postToHost({ type: "updateTodoList", todos })
}
