import { describe, expect, it } from "vitest"
import { ask, delta, finishedRequest, fromHost, loadTask, say } from "../test/fixtures"
import { posted } from "../test/setup"
import { removeQueued, sendComposer, setComposerText, startNewTask } from "./chatActions"
import { useWebviewStore } from "./store"

const store = () => useWebviewStore.getState()
const question = (partial = false) =>
	ask("followup", JSON.stringify({ question: "Which file?", suggest: [] }), { partial })

describe("queued messages", () => {
	it("wait while the agent works and go out as the answer to the next question", () => {
		loadTask([say("text", "task"), finishedRequest(), say("text", "Working", { partial: true })], {
			seq: 1,
		})
		setComposerText("also update the tests")
		expect(sendComposer()).toBe("queue")
		expect(store().composerText).toBe("")
		expect(store().queue.map((q) => q.text)).toEqual(["also update the tests"])
		expect(posted).toEqual([])

		fromHost(delta(question(true), 2))
		expect(posted).toEqual([])
		const final = { ...question(), ts: store().messages.at(-1)!.ts }
		fromHost(delta(final, 3))
		expect(posted).toEqual([
			{ type: "askResponse", askResponse: "messageResponse", text: "also update the tests" },
		])
		expect(store().queue).toEqual([])
	})

	it("are not used to answer an approval", () => {
		loadTask([say("text", "task"), finishedRequest(), say("text", "Working")], { seq: 1 })
		setComposerText("note")
		sendComposer()
		fromHost(delta(ask("tool", JSON.stringify({ tool: "readFile", path: "a.ts" })), 2))
		expect(posted).toEqual([])
		expect(store().queue).toHaveLength(1)
	})

	it("go one per ask: a second waits for the next ask", () => {
		loadTask([say("text", "task"), finishedRequest(), say("text", "Working")], { seq: 1 })
		setComposerText("first")
		sendComposer()
		setComposerText("second")
		sendComposer()
		fromHost(delta(question(), 2))
		// The same ask again (an unrelated delta before the host moves on) gets nothing more.
		fromHost(delta(say("text", "x", { ts: 1 }), 3))
		expect(posted).toHaveLength(1)
		expect(store().queue.map((q) => q.text)).toEqual(["second"])
		fromHost(delta(say("text", "thinking"), 4), delta(question(), 5))
		expect(posted.map((p) => (p.type === "askResponse" ? p.text : p.type))).toEqual(["first", "second"])
	})

	it("can be removed before they are sent", () => {
		loadTask([say("text", "task"), finishedRequest(), say("text", "Working")], { seq: 1 })
		setComposerText("never mind")
		sendComposer()
		removeQueued(store().queue[0]!.id)
		fromHost(delta(question(), 2))
		expect(posted).toEqual([])
	})

	it("return to the chat box when a different task is shown", () => {
		loadTask([say("text", "task"), finishedRequest(), say("text", "Working")], { seq: 1 })
		setComposerText("keep me")
		sendComposer()
		loadTask([say("text", "another task")], { currentTaskId: "task-2" })
		expect(store().queue).toEqual([])
		expect(store().composerText).toBe("keep me")
	})
})

describe("a message sent right after New Task", () => {
	const completed = [say("text", "task"), finishedRequest(), ask("completion_result", "")]

	it("is held until the host shows the empty chat, then starts the new task: it is not taken as feedback on the task left", () => {
		loadTask(completed, { seq: 1 })
		startNewTask()
		setComposerText("the next task")
		expect(sendComposer()).toBe("queue")
		expect(posted).toEqual([{ type: "clearTask" }])
		loadTask([], { currentTaskId: undefined })
		expect(posted).toEqual([{ type: "clearTask" }, { type: "newTask", text: "the next task" }])
		expect(store().queue).toEqual([])
		expect(store().composerText).toBe("")
	})

	it("starts the new task also when New Task is clicked on an empty chat", () => {
		loadTask([], { currentTaskId: undefined })
		startNewTask()
		setComposerText("first task")
		sendComposer()
		loadTask([], { currentTaskId: undefined })
		expect(posted).toEqual([{ type: "clearTask" }, { type: "newTask", text: "first task" }])
		expect(store().queue).toEqual([])
	})

	it("is held also when the host shows a subtask's parent again, and is not sent to it", () => {
		loadTask(completed, { seq: 1, currentTaskId: "subtask" })
		startNewTask()
		setComposerText("for whom?")
		sendComposer()
		loadTask([say("text", "parent task"), finishedRequest(), say("text", "Working")], {
			currentTaskId: "parent",
		})
		expect(posted).toEqual([{ type: "clearTask" }])
		expect(store().composerText).toBe("for whom?")
	})
})
