import { afterEach, describe, expect, it } from "vitest"
import { Transcript } from "../task/transcript.js"
import { callTool } from "../test-support/callTool.js"
import { createTestToolContext, type TestToolContext } from "../test-support/toolContext.js"
import { TaskTodos } from "../todos/taskTodos.js"
import { updateTodoListTool } from "./updateTodoList.js"

let t: TestToolContext
afterEach(() => t?.cleanup())

async function withTodos() {
	t = await createTestToolContext()
	const todos = new TaskTodos(new Transcript(() => {}))
	return { todos, context: { ...t.context, todos } }
}

describe("update_todo_list", () => {
	it("replaces the task's list without asking anyone, and tells the model the progress", async () => {
		const { todos, context } = await withTodos()
		const result = await callTool(updateTodoListTool, { todos: "- [x] a\n- [-] b\n- [ ] c" }, context)
		expect(result.isError).toBeUndefined()
		expect(result.text).toMatch(/^The todo list is updated \(1\/3 done\)/)
		expect(todos.current?.map((t) => t.content)).toEqual(["a", "b", "c"])
		expect(t.approvals).toEqual([])
	})

	it("answers a malformed list with an error naming the line, and keeps the list", async () => {
		const { todos, context } = await withTodos()
		await callTool(updateTodoListTool, { todos: "- [ ] a" }, context)
		const result = await callTool(updateTodoListTool, { todos: "- [ ] a\nthen b" }, context)
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(
			/^The todo list was not updated\. Line 2 \("then b"\) is not a checklist item/,
		)
		expect(result.text).toMatch(/Send the whole list again with update_todo_list\.$/)
		expect(todos.current?.map((t) => t.content)).toEqual(["a"])
	})

	it("asks for the list as a string", async () => {
		const { context } = await withTodos()
		const result = await callTool(updateTodoListTool, { todos: [{ content: "a" }] }, context)
		expect(result).toMatchObject({ isError: true, text: expect.stringMatching(/Parameter "todos"/) })
	})

	it("is an error where there is no task", async () => {
		t = await createTestToolContext()
		const result = await callTool(updateTodoListTool, { todos: "- [ ] a" }, t.context)
		expect(result).toMatchObject({
			isError: true,
			text: "There is no task here to keep a todo list for.",
		})
	})
})
