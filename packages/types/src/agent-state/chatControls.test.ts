import { describe, expect, it } from "vitest"
import { clineAsks, type ClineAsk } from "../message/clineAsk.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { apiRequest, ask, finishedApiRequest, say } from "../test-support/messages.js"
import type { WebviewMessage } from "../webview/webviewMessage.js"
import { chatControls, pressableButton } from "./chatControls.js"

const yes: WebviewMessage = { type: "askResponse", askResponse: "yesButtonClicked" }
const no: WebviewMessage = { type: "askResponse", askResponse: "noButtonClicked" }
const answer: WebviewMessage = { type: "askResponse", askResponse: "messageResponse" }
const clearTask: WebviewMessage = { type: "clearTask" }
const proceed: WebviewMessage = { type: "terminalOperation", terminalOperation: "continue" }
const kill: WebviewMessage = { type: "terminalOperation", terminalOperation: "abort" }

const at = (kind: ClineAsk, partial = false) =>
	chatControls([finishedApiRequest(), ask(kind, "", { partial })])
const buttons = (kind: ClineAsk) => {
	const c = at(kind)
	return [
		c.primaryButton && [c.primaryButton.text, c.primaryButton.message],
		c.secondaryButton && [c.secondaryButton.text, c.secondaryButton.message],
	]
}

describe("chatControls: seed 001's Response Actions by State", () => {
	it("api_req_failed: Retry (yesButtonClicked) / New Task (clearTask)", () => {
		expect(buttons("api_req_failed")).toEqual([
			["Retry", yes],
			["New Task", clearTask],
		])
	})
	it("mistake_limit_reached: Proceed (yesButtonClicked) / New Task (clearTask)", () => {
		expect(buttons("mistake_limit_reached")).toEqual([
			["Proceed", yes],
			["New Task", clearTask],
		])
	})
	it("followup: Answer (messageResponse) / -", () => {
		expect(buttons("followup")).toEqual([["Answer", answer], undefined])
	})
	it("tool: Approve (yesButtonClicked) / Reject (noButtonClicked)", () => {
		expect(buttons("tool")).toEqual([
			["Approve", yes],
			["Reject", no],
		])
	})
	it("command: Run (yesButtonClicked) / Reject (noButtonClicked)", () => {
		expect(buttons("command")).toEqual([
			["Run", yes],
			["Reject", no],
		])
	})
	it("browser_action_launch: Approve (yesButtonClicked) / Reject (noButtonClicked)", () => {
		expect(buttons("browser_action_launch")).toEqual([
			["Approve", yes],
			["Reject", no],
		])
	})
	it("use_mcp_server: Approve (yesButtonClicked) / Reject (noButtonClicked)", () => {
		expect(buttons("use_mcp_server")).toEqual([
			["Approve", yes],
			["Reject", no],
		])
	})
	it("completion_result: New Task (clearTask) / -", () => {
		expect(buttons("completion_result")).toEqual([["New Task", clearTask], undefined])
	})
	it("resume_task: Resume (yesButtonClicked) / Terminate (clearTask)", () => {
		expect(buttons("resume_task")).toEqual([
			["Resume", yes],
			["Terminate", clearTask],
		])
	})
	it("resume_completed_task: New Task (clearTask) / -", () => {
		expect(buttons("resume_completed_task")).toEqual([["New Task", clearTask], undefined])
	})
	it("command_output: Proceed (terminalOperation continue) / Kill (terminalOperation abort)", () => {
		expect(buttons("command_output")).toEqual([
			["Proceed While Running", proceed],
			["Kill Command", kill],
		])
	})
	it("budget_reached: Raise Limit (yesButtonClicked) / End Task (clearTask)", () => {
		expect(buttons("budget_reached")).toEqual([
			["Raise Limit", yes],
			["End Task", clearTask],
		])
	})

	it("auto_approval_max_req_reached: Continue (yesButtonClicked) / End Task (clearTask)", () => {
		expect(buttons("auto_approval_max_req_reached")).toEqual([
			["Continue", yes],
			["End Task", clearTask],
		])
	})
})

describe("chatControls: seed 001's detection of sendingDisabled and enableButtons", () => {
	// [sendingDisabled, enableButtons] for a final ask and for a partial one, as seed 001 sets them.
	const expected: Record<ClineAsk, { final: [boolean, boolean]; partial: [boolean, boolean] }> = {
		api_req_failed: { final: [true, true], partial: [true, true] },
		mistake_limit_reached: { final: [false, true], partial: [false, true] },
		followup: { final: [false, true], partial: [true, true] },
		tool: { final: [false, true], partial: [true, false] },
		command: { final: [false, true], partial: [true, false] },
		browser_action_launch: { final: [false, true], partial: [true, false] },
		use_mcp_server: { final: [false, true], partial: [true, false] },
		completion_result: { final: [false, true], partial: [true, false] },
		resume_task: { final: [false, true], partial: [false, true] },
		resume_completed_task: { final: [false, true], partial: [false, true] },
		command_output: { final: [false, true], partial: [false, true] },
		auto_approval_max_req_reached: { final: [true, true], partial: [true, true] },
		budget_reached: { final: [true, true], partial: [true, true] },
	}
	const preceding: Record<string, ClineMessage[]> = {
		nothing: [],
		"a finished request": [finishedApiRequest()],
		"a streaming request": [apiRequest()],
		"a text say": [finishedApiRequest(), say("text", "so")],
		"a command_output ask": [finishedApiRequest(), ask("command_output", "")],
	}

	for (const kind of clineAsks) {
		for (const partial of [false, true]) {
			for (const [before, messages] of Object.entries(preceding)) {
				const streamingRequest = before === "a streaming request"
				it(`${kind}, ${partial ? "partial" : "final"}, after ${before}`, () => {
					const c = chatControls([...messages, ask(kind, "", { partial })])
					const [sendingDisabled, enableButtons] = expected[kind][partial ? "partial" : "final"]
					expect(c.clineAsk).toBe(kind)
					expect(c.sendingDisabled).toBe(sendingDisabled)
					expect(c.enableButtons).toBe(enableButtons)
					// Seed 001: an ask with enabled buttons is waiting; otherwise a partial
					// message or a request without cost means streaming.
					const asking = enableButtons && c.primaryButton !== undefined
					expect(c.isStreaming).toBe(!asking && (partial || streamingRequest))
					expect(c.cancelButton !== undefined).toBe(c.isStreaming)
				})
			}
		}
	}
})

describe("chatControls when no ask is last", () => {
	it("with no task, the chat box starts one and there are no buttons", () => {
		expect(chatControls([])).toEqual({ enableButtons: false, sendingDisabled: false, isStreaming: false })
	})

	it("while the model streams: no ask buttons, sending disabled, Cancel offered", () => {
		const c = chatControls([say("text", "task"), apiRequest(), say("text", "Let", { partial: true })])
		expect(c).toMatchObject({ enableButtons: false, sendingDisabled: true, isStreaming: true })
		expect(c.clineAsk).toBeUndefined()
		expect(c.primaryButton).toBeUndefined()
		expect(c.cancelButton).toEqual({ text: "Cancel", message: { type: "cancelTask" } })
	})

	it("while a tool runs after the request finished: not streaming, still cancellable", () => {
		const c = chatControls([say("text", "task"), finishedApiRequest(), say("text", "Reading.")])
		expect(c.isStreaming).toBe(false)
		expect(c.cancelButton?.message).toEqual({ type: "cancelTask" })
	})
})

describe("pressableButton: what pressing a button means now", () => {
	it("is the enabled button of that role", () => {
		expect(pressableButton(at("tool"), "primary")?.message).toEqual(yes)
		expect(pressableButton(at("tool"), "secondary")?.message).toEqual(no)
		expect(pressableButton(at("resume_task"), "primary")?.message).toEqual(yes)
		expect(pressableButton(at("resume_task"), "secondary")?.message).toEqual(clearTask)
		expect(pressableButton(at("completion_result"), "primary")?.message).toEqual(clearTask)
	})

	it("is nothing where the chat shows no such button, or shows it disabled", () => {
		expect(pressableButton(at("completion_result"), "secondary")).toBeUndefined()
		expect(pressableButton(at("followup"), "secondary")).toBeUndefined()
		// An approval still streaming in cannot be approved yet.
		expect(at("tool", true).primaryButton).toBeDefined()
		expect(pressableButton(at("tool", true), "primary")).toBeUndefined()
		expect(pressableButton(chatControls([]), "primary")).toBeUndefined()
		expect(pressableButton(chatControls([say("text", "task"), apiRequest()]), "primary")).toBeUndefined()
	})
})

describe("chatControls in a subtask", () => {
	it("the button that ends the task says it returns to the parent, and still sends clearTask", () => {
		const controls = chatControls([finishedApiRequest(), ask("resume_task", "")], { isSubtask: true })
		expect(controls.secondaryButton).toEqual({ text: "Return to parent", message: clearTask })
		expect(controls.primaryButton?.text).toBe("Resume")
	})
	it("leaves Reject alone: rejecting a tool call does not end the subtask", () => {
		const controls = chatControls([finishedApiRequest(), ask("tool", "")], { isSubtask: true })
		expect(controls.secondaryButton).toEqual({ text: "Reject", message: no })
	})
	it("outside a subtask the button keeps its own label", () => {
		expect(chatControls([finishedApiRequest(), ask("resume_task", "")]).secondaryButton?.text).toBe(
			"Terminate",
		)
	})
})
