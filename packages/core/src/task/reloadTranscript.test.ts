import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { endedWithCompletion, prepareReloadedTranscript } from "./reloadTranscript.js"

const m = (ts: number, fields: Partial<ClineMessage>): ClineMessage =>
	({ ts, type: "say", say: "text", ...fields }) as ClineMessage

describe("prepareReloadedTranscript", () => {
	it("drops resume asks left at the end by an earlier session", () => {
		const saved = [
			m(1, { text: "task" }),
			m(2, { type: "ask", say: undefined, ask: "resume_task" }),
			m(3, { type: "ask", say: undefined, ask: "resume_task" }),
		]
		expect(prepareReloadedTranscript(saved).messages.map((x) => x.ts)).toEqual([1])
	})

	it("drops a resume ask the person edited the todo list after", () => {
		const saved = [
			m(1, { text: "task" }),
			m(2, { type: "ask", say: undefined, ask: "resume_task" }),
			m(3, { say: "user_edit_todos", text: "{}" }),
		]
		expect(prepareReloadedTranscript(saved).messages.map((x) => x.ts)).toEqual([1, 3])
	})

	it("marks a request that never got its cost as stopped, and reports it for journaling", () => {
		const saved = [
			m(1, { text: "task" }),
			m(2, { say: "api_req_started", text: JSON.stringify({ request: "task" }) }),
		]
		const { messages, changed } = prepareReloadedTranscript(saved)
		expect(JSON.parse(messages[1]?.text ?? "{}")).toMatchObject({
			request: "task",
			cancelReason: "streaming_failed",
		})
		expect(changed).toEqual([messages[1]])
	})

	it("marks a background command that still said running as ended with its task, and reports it for journaling", () => {
		const row = { id: "cmd_1", command: "npm run dev", state: "running", output: "ready\n" }
		const ended = { ...row, state: "ended", exit: { signal: "SIGTERM" }, output: "" }
		const saved = [
			m(1, { text: "task" }),
			m(2, { say: "background_command", text: JSON.stringify(row) }),
			m(3, { say: "background_command", text: JSON.stringify(ended) }),
		]
		const { messages, changed } = prepareReloadedTranscript(saved)
		expect(JSON.parse(messages[1]?.text ?? "{}")).toEqual({
			...row,
			state: "ended",
			exit: { stopped: true },
			stoppedBy: "task",
		})
		expect(messages[2]).toBe(saved[2])
		expect(changed).toEqual([messages[1]])
	})

	it("leaves finished requests alone", () => {
		const saved = [m(1, { say: "api_req_started", text: JSON.stringify({ request: "x", cost: 0.01 }) })]
		expect(prepareReloadedTranscript(saved).changed).toEqual([])
	})
})

describe("endedWithCompletion", () => {
	it("is true after a completion result", () => {
		expect(endedWithCompletion([m(1, { say: "completion_result", text: "done" })])).toBe(true)
		expect(endedWithCompletion([m(1, { type: "ask", say: undefined, ask: "completion_result" })])).toBe(
			true,
		)
		expect(endedWithCompletion([m(1, { text: "working" })])).toBe(false)
	})

	it("stays true when the person edited the todo list at the result", () => {
		const result = m(1, { type: "ask", say: undefined, ask: "completion_result" })
		expect(endedWithCompletion([result, m(2, { say: "user_edit_todos", text: "{}" })])).toBe(true)
	})
})
