import { describe, expect, it } from "vitest"
import { FakeHost } from "../test-support/hostMessages.js"

describe("ExtensionClient", () => {
	it("starts uninitialized with no task, then applies the snapshot", () => {
		const host = new FakeHost()
		expect(host.client.isInitialized).toBe(false)
		expect(host.client.getAgentState().state).toBe("no_task")
		host.state([{ ts: 1, type: "say", say: "text", text: "task" }], { mode: "architect" })
		expect(host.client.isInitialized).toBe(true)
		expect(host.client.getCurrentMode()).toBe("architect")
		expect(host.client.getMessages()).toHaveLength(1)
		expect(host.client.getAgentState().state).toBe("running")
	})

	it("upserts deltas by ts and recomputes the state with detectAgentState", () => {
		const host = new FakeHost()
		host.state()
		host.say("text", "task")
		const ts = host.nextTs()
		host.upsert({ ts, type: "say", say: "text", text: "He", partial: true })
		expect(host.client.getAgentState().state).toBe("streaming")
		host.upsert({ ts, type: "say", say: "text", text: "Hello", partial: false })
		expect(host.client.getMessages().map((m) => m.text)).toEqual(["task", "Hello"])
		expect(host.client.getAgentState().state).toBe("running")
	})

	it("emits stateChange, waitingForInput once per ask, and taskCompleted at completion", () => {
		const host = new FakeHost()
		const events: string[] = []
		host.client.on("stateChange", ({ previous, current }) =>
			events.push(`${previous.state}->${current.state}`),
		)
		host.client.on("waitingForInput", ({ ask }) => events.push(`waiting:${ask}`))
		host.client.on("taskCompleted", ({ success }) => events.push(`completed:${success}`))
		host.state()
		host.say("text", "task")
		const tool = host.ask("tool", "{}", { partial: true })
		host.upsert({ ...tool, partial: false })
		host.upsert({ ...tool, partial: false, text: "{ }" })
		host.ask("completion_result")
		expect(events).toEqual([
			"no_task->running",
			"running->streaming",
			"streaming->waiting_for_input",
			"waiting:tool",
			"waiting_for_input->idle",
			"waiting:completion_result",
			"completed:true",
		])
	})

	it("reports a failed task as taskCompleted with success false", () => {
		const host = new FakeHost()
		const completed: boolean[] = []
		host.client.on("taskCompleted", ({ success }) => completed.push(success))
		host.state()
		host.say("text", "task")
		host.ask("api_req_failed", "500")
		expect(completed).toEqual([false])
	})

	it("asks for a fresh state when a delta's seq skips one, and ignores other tasks' deltas", () => {
		const host = new FakeHost()
		host.state()
		host.post({
			type: "messageUpdated",
			taskId: "other",
			seq: 1,
			message: { ts: 5, type: "say", say: "text", text: "x" },
		})
		expect(host.client.getMessages()).toEqual([])
		host.post({
			type: "messageUpdated",
			taskId: host.taskId,
			seq: 3,
			message: { ts: 5, type: "say", say: "text", text: "x" },
		})
		expect(host.client.getMessages()).toEqual([])
		expect(host.sent).toEqual([{ type: "requestState" }])
	})

	it("emits modeChanged and hostError", () => {
		const host = new FakeHost()
		const seen: unknown[] = []
		host.client.on("modeChanged", (e) => seen.push(e))
		host.client.on("hostError", (e) => seen.push(e.error))
		host.state([], { mode: "code" })
		host.post({ type: "modeChanged", mode: "ask" })
		host.post({ type: "error", code: "failed", error: "boom" })
		expect(seen).toEqual([
			{ previousMode: undefined, currentMode: "code" },
			{ previousMode: "code", currentMode: "ask" },
			"boom",
		])
	})
})
