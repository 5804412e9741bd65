import { describe, expect, it } from "vitest"
import { apiRequest, ask, finishedRequest, fromHost, loadTask, say } from "../test/fixtures"
import { posted } from "../test/setup"
import { useWebviewStore } from "./store"

const explain = "Explain what this code does and why:\n\nsrc/a.ts (lines 1-2):\n```ts\nconst a = 1\n```"
const askAboutCode = () => fromHost({ type: "invoke", invoke: "askAboutCode", text: explain })
const queued = () => useWebviewStore.getState().queue.map((q) => q.text)

describe("an editor action's request about code", () => {
	it("starts a task when none is open", () => {
		loadTask([])
		askAboutCode()
		expect(posted).toEqual([{ type: "newTask", text: explain }])
	})

	it("starts a new task instead of continuing a finished one", () => {
		loadTask([say("text", "Rename greet"), finishedRequest(), ask("completion_result", "Renamed.")])
		askAboutCode()
		expect(posted).toEqual([{ type: "newTask", text: explain }])
	})

	it("starts a new task instead of continuing a failed, stopped or reopened one", () => {
		for (const stopped of [
			"api_req_failed",
			"mistake_limit_reached",
			"resume_task",
			"resume_completed_task",
		] as const) {
			posted.length = 0
			loadTask([say("text", "Rename greet"), finishedRequest(), ask(stopped)])
			askAboutCode()
			expect(posted, stopped).toEqual([{ type: "newTask", text: explain }])
		}
	})

	it("answers the open task's question", () => {
		loadTask([say("text", "Rename greet"), finishedRequest(), ask("followup", "Which file?")])
		askAboutCode()
		expect(posted).toEqual([{ type: "askResponse", askResponse: "messageResponse", text: explain }])
	})

	it("waits for the next ask while the open task works", () => {
		loadTask([say("text", "Rename greet"), apiRequest()])
		askAboutCode()
		expect(posted).toEqual([])
		expect(queued()).toEqual([explain])
	})

	it("waits behind an approval instead of rejecting it", () => {
		loadTask([say("text", "Rename greet"), finishedRequest(), ask("command", "npm test")])
		askAboutCode()
		expect(posted).toEqual([])
		expect(queued()).toEqual([explain])
	})

	it("goes with a New Task already on its way", () => {
		loadTask([say("text", "Rename greet"), finishedRequest(), ask("completion_result", "Renamed.")])
		useWebviewStore.setState({ leavingTask: true })
		askAboutCode()
		expect(posted).toEqual([])
		expect(queued()).toEqual([explain])
	})
})
