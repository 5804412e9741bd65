import { describe, expect, it } from "vitest"
import { clineAsks, type ClineAsk } from "../message/clineAsk.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { apiRequest, ask, finishedApiRequest, say } from "../test-support/messages.js"
import { chatControls } from "./chatControls.js"
import { acceptsQueuedMessage, sendMode, type SendMode } from "./sendMode.js"

const modeOf = (messages: ClineMessage[]) => sendMode(messages, chatControls(messages))
const atAsk = (kind: ClineAsk, partial = false) => [
	say("text", "task"),
	finishedApiRequest(),
	ask(kind, "", { partial }),
]

describe("sendMode: what the chat box does", () => {
	it("starts a task when there is none", () => {
		expect(modeOf([])).toBe("newTask")
	})

	it("queues while the model streams or a tool runs", () => {
		expect(modeOf([say("text", "task"), apiRequest()])).toBe("queue")
		expect(
			modeOf([say("text", "task"), finishedApiRequest(), say("text", "Reading", { partial: true })]),
		).toBe("queue")
		expect(modeOf([say("text", "task"), finishedApiRequest(), say("tool", "{}")])).toBe("queue")
	})

	// For every ask: answer where seed 001 lets the person type, queue while the ask streams in
	// or a command runs, disabled where only the buttons can answer.
	const expected: Record<ClineAsk, { final: SendMode; partial: SendMode }> = {
		followup: { final: "answer", partial: "queue" },
		command: { final: "answer", partial: "queue" },
		command_output: { final: "queue", partial: "queue" },
		completion_result: { final: "answer", partial: "queue" },
		tool: { final: "answer", partial: "queue" },
		api_req_failed: { final: "disabled", partial: "queue" },
		resume_task: { final: "answer", partial: "queue" },
		resume_completed_task: { final: "answer", partial: "queue" },
		mistake_limit_reached: { final: "answer", partial: "queue" },
		browser_action_launch: { final: "answer", partial: "queue" },
		use_mcp_server: { final: "answer", partial: "queue" },
		auto_approval_max_req_reached: { final: "disabled", partial: "queue" },
		budget_reached: { final: "disabled", partial: "queue" },
	}
	it.each(clineAsks)("%s", (kind) => {
		expect(modeOf(atAsk(kind))).toBe(expected[kind].final)
		expect(modeOf(atAsk(kind, true))).toBe(expected[kind].partial)
	})

	it("is disabled exactly when seed 001 disables sending and the agent is not working", () => {
		for (const kind of clineAsks) {
			const messages = atAsk(kind)
			const disabled = modeOf(messages) === "disabled"
			expect(disabled, kind).toBe(chatControls(messages).sendingDisabled)
		}
	})
})

describe("acceptsQueuedMessage", () => {
	it("accepts at questions, completions, resume prompts and the mistake limit", () => {
		for (const kind of [
			"followup",
			"completion_result",
			"resume_task",
			"resume_completed_task",
			"mistake_limit_reached",
		] as const) {
			const messages = atAsk(kind)
			expect(acceptsQueuedMessage(messages, chatControls(messages)), kind).toBe(true)
		}
	})

	it("refuses at approvals, where typed text would reject the request", () => {
		for (const kind of ["tool", "command", "browser_action_launch", "use_mcp_server"] as const) {
			const messages = atAsk(kind)
			expect(acceptsQueuedMessage(messages, chatControls(messages)), kind).toBe(false)
		}
	})

	it("refuses while anything streams", () => {
		const messages = atAsk("followup", true)
		expect(acceptsQueuedMessage(messages, chatControls(messages))).toBe(false)
	})
})
