import { describe, expect, it } from "vitest"
import { ask, say } from "../test-support/messages.js"
import type { TodoItem } from "./todoItem.js"
import { currentTodo, currentTodos, todoProgress } from "./currentTodos.js"

const list = (todos: TodoItem[]) => JSON.stringify({ tool: "updateTodoList", todos })
const write = { id: "todo-1", content: "Write the parser", status: "completed" } as const
const test = { id: "todo-2", content: "Test it", status: "in_progress" } as const
const ship = { id: "todo-3", content: "Ship it", status: "pending" } as const

describe("currentTodos", () => {
	it("is undefined for a task that never kept a list", () => {
		expect(
			currentTodos([say("text", "task"), say("tool", JSON.stringify({ tool: "readFile", path: "a" }))]),
		).toBe(undefined)
	})

	it("is the newest list, the model's or the person's, with who wrote it", () => {
		const model = say("tool", list([write, test]))
		expect(currentTodos([say("text", "task"), model])).toEqual({
			todos: [write, test],
			by: "model",
			ts: model.ts,
		})
		const edited = say("user_edit_todos", list([write, test, ship]))
		expect(currentTodos([model, say("text", "ok"), edited])).toEqual({
			todos: [write, test, ship],
			by: "person",
			ts: edited.ts,
		})
	})

	it("passes over a proposal still asking, a partial row and an unreadable row", () => {
		const model = say("tool", list([write]))
		const messages = [
			model,
			ask("tool", list([test])),
			say("tool", list([ship]), { partial: true }),
			say("user_edit_todos", "{not json"),
		]
		expect(currentTodos(messages)?.todos).toEqual([write])
	})

	it("is undefined once the person cleared the list", () => {
		expect(currentTodos([say("tool", list([write])), say("user_edit_todos", list([]))])).toBeUndefined()
	})
})

describe("a list in one line", () => {
	it("counts what is done and names the step in progress, else the next to do", () => {
		expect(todoProgress([write, test, ship])).toBe("1/3 done")
		expect(currentTodo([write, ship, test])).toEqual(test)
		expect(currentTodo([write, ship])).toEqual(ship)
		expect(currentTodo([write])).toBeUndefined()
	})
})
