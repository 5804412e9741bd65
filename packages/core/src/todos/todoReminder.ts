import { currentTodos, todoProgress, type ClineMessage } from "@cairn/types"
import { formatTodoChecklist } from "./todoChecklist.js"

/**
 * The environment details' section on the task's todo list, undefined while there is none. It
 * says when the person changed the list after the model's last request, since the model has not
 * seen that version.
 */
export function todoReminder(messages: readonly ClineMessage[]): string | undefined {
	const state = currentTodos(messages)
	if (state === undefined) return undefined
	const unseen = state.by === "person" && !requestedSince(messages, state.ts)
	return [
		`# Todo list (${todoProgress(state.todos)})`,
		...(unseen ? ["The user edited this list since your last request: work from it as it is now."] : []),
		formatTodoChecklist(state.todos),
		"Keep it current with update_todo_list (send the whole list) as steps start and finish.",
	].join("\n")
}

/** Whether a request started after the row at `ts`; only the rows after it are read. */
function requestedSince(messages: readonly ClineMessage[], ts: number): boolean {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message === undefined || message.ts <= ts) return false
		if (message.type === "say" && message.say === "api_req_started") return true
	}
	return false
}
