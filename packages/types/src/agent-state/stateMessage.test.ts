import { describe, expect, it } from "vitest"
import { ask, finishedApiRequest, say } from "../test-support/messages.js"
import { chatControls } from "./chatControls.js"
import { AgentLoopState, detectAgentState } from "./detectAgentState.js"
import { sendMode } from "./sendMode.js"
import { lastStateMessage } from "./stateMessage.js"

const condensed = say("condense_context", "", {
	contextCondense: { cost: 0.01, prevContextTokens: 9000, newContextTokens: 900, summary: "S" },
})
const condensing = say("condense_context", "Condensing the conversation…", { partial: true })
const failed = say("condense_context_error", "Nothing to condense yet.")
const truncated = say("sliding_window_truncation", "Removed the 4 oldest messages.")

describe("context notices after an ask that still waits", () => {
	const finished = [say("text", "task"), finishedApiRequest(), ask("completion_result", "Done.")]

	it.each([
		["a condense", [condensed]],
		["a condense being written", [condensing]],
		["a failed condense", [failed]],
		["a truncation and a condense", [truncated, condensed]],
	])("%s leaves a finished task finished: idle, the chat box answers the result", (_name, notices) => {
		const messages = [...finished, ...notices]
		expect(lastStateMessage(messages)).toBe(finished[2])
		const state = detectAgentState(messages)
		expect(state).toMatchObject({ state: AgentLoopState.IDLE, currentAsk: "completion_result" })
		expect(state.lastMessageTs).toBe(finished[2]?.ts)
		const controls = chatControls(messages)
		expect(controls).toMatchObject({ clineAsk: "completion_result", sendingDisabled: false })
		expect(controls.cancelButton).toBeUndefined()
		expect(sendMode(messages, controls)).toBe("answer")
	})

	it("leaves an approval waiting for its answer", () => {
		const messages = [say("text", "task"), finishedApiRequest(), ask("tool", "{}"), condensed]
		expect(detectAgentState(messages).state).toBe(AgentLoopState.WAITING_FOR_INPUT)
		expect(chatControls(messages).primaryButton?.text).toBe("Approve")
	})

	it("while the agent works, it is still working", () => {
		const messages = [say("text", "task"), finishedApiRequest(), say("text", "Reading."), condensing]
		expect(detectAgentState(messages).state).toBe(AgentLoopState.RUNNING)
		expect(chatControls(messages).cancelButton).toBeDefined()
	})
})

describe("the person's todo edit after an ask that still waits", () => {
	const edit = say("user_edit_todos", JSON.stringify({ tool: "updateTodoList", todos: [] }))

	it("leaves a finished task finished and an approval waiting", () => {
		const finished = [say("text", "task"), finishedApiRequest(), ask("completion_result", "Done.")]
		expect(detectAgentState([...finished, edit]).state).toBe(AgentLoopState.IDLE)
		const approval = [say("text", "task"), finishedApiRequest(), ask("tool", "{}"), edit]
		expect(chatControls(approval).primaryButton?.text).toBe("Approve")
	})
})
