import type { ClineMessage, TodoItem } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { todoReminder } from "./todoReminder.js"

let ts = 0
const row = (say: ClineMessage["say"], text = ""): ClineMessage => ({ ts: ++ts, type: "say", say, text })
const list = (todos: TodoItem[]) => JSON.stringify({ tool: "updateTodoList", todos })
const todos: TodoItem[] = [
	{ id: "todo-1", content: "Read the test", status: "completed" },
	{ id: "todo-2", content: "Fix the parser", status: "in_progress" },
	{ id: "todo-3", content: "Run the tests", status: "pending" },
]

describe("todoReminder", () => {
	it("is absent while the task keeps no list", () => {
		expect(todoReminder([row("text", "task"), row("api_req_started", "{}")])).toBeUndefined()
	})

	it("shows the list as a checklist with its progress and how to keep it current", () => {
		expect(todoReminder([row("text", "task"), row("tool", list(todos))])).toBe(
			[
				"# Todo list (1/3 done)",
				"- [x] Read the test",
				"- [-] Fix the parser",
				"- [ ] Run the tests",
				"Keep it current with update_todo_list (send the whole list) as steps start and finish.",
			].join("\n"),
		)
	})

	it("says the person edited the list until the model has made a request with it", () => {
		const edited = [
			row("tool", list(todos)),
			row("api_req_started", "{}"),
			row("user_edit_todos", list(todos)),
		]
		expect(todoReminder(edited)).toContain("The user edited this list since your last request")
		expect(todoReminder([...edited, row("api_req_started", "{}")])).not.toContain("The user edited")
	})
})
