import type { ClineAsk } from "../message/clineAsk.js"
import type { WebviewMessage } from "../webview/webviewMessage.js"

/** A button of the chat and the exact message pressing it sends. */
export interface ChatButton {
	text: string
	/**
	 * For `askResponse` messages a client adds the person's typed text and images, as pressing
	 * a button also submits what is in the chat box.
	 */
	message: WebviewMessage
}

export interface AskControls {
	sendingDisabled: boolean
	enableButtons: boolean
	primaryButton?: ChatButton
	secondaryButton?: ChatButton
}

const yes: WebviewMessage = { type: "askResponse", askResponse: "yesButtonClicked" }
const no: WebviewMessage = { type: "askResponse", askResponse: "noButtonClicked" }
const answer: WebviewMessage = { type: "askResponse", askResponse: "messageResponse" }
const clearTask: WebviewMessage = { type: "clearTask" }

const button = (text: string, message: WebviewMessage): ChatButton => ({ text, message })
const approval =
	(approveText: string) =>
	(partial: boolean): AskControls => ({
		// A request still streaming in (its path or command not complete) cannot be approved yet.
		sendingDisabled: partial,
		enableButtons: !partial,
		primaryButton: button(approveText, yes),
		secondaryButton: button("Reject", no),
	})

/**
 * Seed 001's ChatView detection and its "Response Actions by State" table as data: for each
 * ask, whether the chat box and buttons are enabled and what each button sends.
 */
export const askControls: Readonly<Record<ClineAsk, (partial: boolean) => AskControls>> = {
	api_req_failed: () => ({
		sendingDisabled: true,
		enableButtons: true,
		primaryButton: button("Retry", yes),
		secondaryButton: button("New Task", clearTask),
	}),
	mistake_limit_reached: () => ({
		sendingDisabled: false,
		enableButtons: true,
		primaryButton: button("Proceed", yes),
		secondaryButton: button("New Task", clearTask),
	}),
	followup: (partial) => ({
		sendingDisabled: partial,
		enableButtons: true,
		primaryButton: button("Answer", answer),
	}),
	tool: approval("Approve"),
	command: approval("Run"),
	browser_action_launch: approval("Approve"),
	use_mcp_server: approval("Approve"),
	completion_result: (partial) => ({
		sendingDisabled: partial,
		enableButtons: !partial,
		primaryButton: button("New Task", clearTask),
	}),
	resume_task: () => ({
		sendingDisabled: false,
		enableButtons: true,
		primaryButton: button("Resume", yes),
		secondaryButton: button("Terminate", clearTask),
	}),
	resume_completed_task: () => ({
		sendingDisabled: false,
		enableButtons: true,
		primaryButton: button("New Task", clearTask),
	}),
	command_output: () => ({
		sendingDisabled: false,
		enableButtons: true,
		primaryButton: button("Proceed While Running", {
			type: "terminalOperation",
			terminalOperation: "continue",
		}),
		secondaryButton: button("Kill Command", { type: "terminalOperation", terminalOperation: "abort" }),
	}),
	// Seed 000: "continue manually or stop". Continuing resets the auto-approval counters.
	auto_approval_max_req_reached: () => ({
		sendingDisabled: true,
		enableButtons: true,
		primaryButton: button("Continue", yes),
		secondaryButton: button("End Task", clearTask),
	}),
	// A spending limit was reached: raising it (by the limit again) goes on with the request.
	budget_reached: () => ({
		sendingDisabled: true,
		enableButtons: true,
		primaryButton: button("Raise Limit", yes),
		secondaryButton: button("End Task", clearTask),
	}),
}
