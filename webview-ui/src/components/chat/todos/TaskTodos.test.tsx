import type { TodoItem } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { delta, fromHost, loadTask, say } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { TaskHeader } from "../TaskHeader"

const list = (todos: TodoItem[]) => JSON.stringify({ tool: "updateTodoList", todos })
const todos: TodoItem[] = [
	{ id: "todo-1", content: "Read the failing test", status: "completed" },
	{ id: "todo-2", content: "Fix the parser", status: "in_progress" },
	{ id: "todo-3", content: "Run the tests", status: "pending" },
]
const header = () => screen.getByRole("region", { name: "Current task" })
const summary = () => within(header()).getByRole("button", { name: /^Todos/ })

describe("the todo list in the task header", () => {
	it("is absent while the task keeps no list", () => {
		loadTask([say("text", "task")])
		render(<TaskHeader />)
		expect(within(header()).queryByRole("button", { name: /^Todos/ })).toBeNull()
	})

	it("sums the list up in one line and opens to the whole list", () => {
		loadTask([say("text", "task"), say("tool", list(todos))])
		render(<TaskHeader />)
		expect(summary().textContent).toBe("Todos 1/3 done· now: Fix the parser")
		expect(summary().getAttribute("aria-expanded")).toBe("false")
		expect(within(header()).queryByText("Run the tests")).toBeNull()
		fireEvent.click(summary())
		expect(within(header()).getByText("Run the tests")).toBeTruthy()
	})

	it("follows the model's updates and the person's edits as they arrive", () => {
		loadTask([say("text", "task"), say("tool", list(todos))])
		render(<TaskHeader />)
		const done = todos.map((t) => ({ ...t, status: "completed" as const }))
		fromHost(delta(say("tool", list(done)), 1))
		expect(summary().textContent).toBe("Todos 3/3 done")
		fromHost(delta(say("user_edit_todos", list([])), 2))
		expect(within(header()).queryByRole("button", { name: /^Todos/ })).toBeNull()
	})

	it("lets the person change a status and a text, add and delete steps, then sends the whole list", () => {
		loadTask([say("text", "task"), say("tool", list(todos))])
		render(<TaskHeader />)
		fireEvent.click(within(header()).getByRole("button", { name: "Edit the todo list" }))
		const form = within(header()).getByRole("form", { name: "Edit the todo list" })
		fireEvent.click(within(form).getByRole("button", { name: "Step 2 is in progress; mark it done" }))
		fireEvent.change(within(form).getByRole("textbox", { name: "Step 3" }), {
			target: { value: "Run all the tests" },
		})
		fireEvent.click(within(form).getByRole("button", { name: "Delete step 1" }))
		fireEvent.click(within(form).getByRole("button", { name: "Add a step" }))
		fireEvent.change(within(form).getByRole("textbox", { name: "Step 3" }), {
			target: { value: "  Update the changelog " },
		})
		fireEvent.click(within(form).getByRole("button", { name: "Add a step" }))
		fireEvent.click(within(form).getByRole("button", { name: "Save" }))
		expect(posted).toEqual([
			{
				type: "updateTodoList",
				todos: [
					{ id: "todo-2", content: "Fix the parser", status: "completed" },
					{ id: "todo-3", content: "Run all the tests", status: "pending" },
					{ content: "Update the changelog", status: "pending" },
				],
			},
		])
		expect(within(header()).queryByRole("form")).toBeNull()
	})

	it("cancels an edit without sending anything", () => {
		loadTask([say("text", "task"), say("tool", list(todos))])
		render(<TaskHeader />)
		fireEvent.click(within(header()).getByRole("button", { name: "Edit the todo list" }))
		fireEvent.change(within(header()).getByRole("textbox", { name: "Step 1" }), {
			target: { value: "x" },
		})
		fireEvent.click(within(header()).getByRole("button", { name: "Cancel" }))
		expect(posted).toEqual([])
		expect(within(header()).getByText("Read the failing test")).toBeTruthy()
	})
})
