import { currentTodos } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { Transcript } from "../task/transcript.js"
import { TaskTodos } from "./taskTodos.js"

function keeper() {
	const transcript = new Transcript(() => {})
	transcript.say("text", { text: "the task" })
	return { transcript, todos: new TaskTodos(transcript) }
}
const rows = (transcript: Transcript) => transcript.all.slice(1).map((m) => `${m.say}:${m.text}`)

describe("TaskTodos", () => {
	it("records the model's list as a tool row with the whole list, and replaces it on the next call", () => {
		const { transcript, todos } = keeper()
		expect(todos.replaceByModel("- [-] a\n- [ ] b")).toMatchObject({ ok: true })
		todos.replaceByModel("- [x] a\n- [-] b")
		expect(rows(transcript)).toEqual([
			'tool:{"tool":"updateTodoList","todos":[{"id":"todo-1","content":"a","status":"in_progress"},{"id":"todo-2","content":"b","status":"pending"}]}',
			'tool:{"tool":"updateTodoList","todos":[{"id":"todo-1","content":"a","status":"completed"},{"id":"todo-2","content":"b","status":"in_progress"}]}',
		])
		expect(todos.current?.map((t) => t.status)).toEqual(["completed", "in_progress"])
	})

	it("records nothing for a checklist it cannot read, and says why", () => {
		const { transcript, todos } = keeper()
		todos.replaceByModel("- [ ] a")
		expect(todos.replaceByModel("a\nb")).toMatchObject({ ok: false, error: /^Line 1 \("a"\)/ })
		expect(transcript.all).toHaveLength(2)
		expect(todos.current?.map((t) => t.content)).toEqual(["a"])
	})

	it("records the person's edit, keeping the ids they send and numbering what they added", () => {
		const { transcript, todos } = keeper()
		todos.replaceByModel("- [ ] a\n- [ ] b")
		const edited = todos.editByPerson([
			{ id: "todo-2", content: "b first", status: "in_progress" },
			{ content: "c", status: "pending" },
		])
		expect(edited.map((t) => t.id)).toEqual(["todo-2", "todo-3"])
		expect(transcript.last?.say).toBe("user_edit_todos")
		expect(currentTodos(transcript.all)).toMatchObject({ by: "person", todos: edited })
	})

	it("appends its row even while the model's text is still streaming in, leaving that row to finish", () => {
		const { transcript, todos } = keeper()
		const streaming = transcript.append({ type: "say", say: "text" }, { text: "Work" }, true)
		todos.editByPerson([{ content: "a", status: "pending" }])
		transcript.update(streaming.ts, { text: "Working", partial: false })
		expect(transcript.all.map((m) => `${m.say}${m.partial ? "(partial)" : ""}`)).toEqual([
			"text",
			"text",
			"user_edit_todos",
		])
	})

	it("starts with a handed-over list, or shows why it could not", () => {
		const started = keeper()
		started.todos.startWith("- [ ] a\n- [ ] b")
		expect(started.todos.current?.map((t) => t.content)).toEqual(["a", "b"])
		const broken = keeper()
		broken.todos.startWith("not a list")
		expect(broken.todos.current).toBeUndefined()
		expect(broken.transcript.last).toMatchObject({
			say: "error",
			text: expect.stringMatching(/^The todo list handed to this task could not be read: Line 1/),
		})
	})
})
