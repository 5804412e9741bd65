import type { ClineAsk } from "../message/clineAsk.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { isApiRequestStreaming } from "./apiRequestStatus.js"
import { askControls, type AskControls, type ChatButton } from "./askControls.js"
import { lastStateMessage } from "./stateMessage.js"

/** What a chat UI shows below the transcript: seed 001's ChatView state, computed in one place. */
export interface ChatControls {
	clineAsk?: ClineAsk
	enableButtons: boolean
	sendingDisabled: boolean
	primaryButton?: ChatButton
	secondaryButton?: ChatButton
	isStreaming: boolean
	/**
	 * Shown while the agent works and no ask offers buttons of its own; unlike ask buttons it is
	 * usable while streaming, since cancelling is the point.
	 */
	cancelButton?: ChatButton
}

const cancel: ChatButton = { text: "Cancel", message: { type: "cancelTask" } }

/** What the transcript alone does not say about the task on screen. */
export interface ChatContext {
	/**
	 * The task is a subtask: ending it (clearTask) returns to its parent with a cancellation
	 * result, so the button that ends it says so.
	 */
	isSubtask?: boolean
}

export function chatControls(messages: readonly ClineMessage[], context: ChatContext = {}): ChatControls {
	const last = lastStateMessage(messages)
	if (last === undefined) {
		// No task: the chat box starts one.
		return { enableButtons: false, sendingDisabled: false, isStreaming: false }
	}

	if (last.type === "ask" && last.ask !== undefined) {
		const partial = last.partial === true
		const controls = withSubtaskLabels(askControls[last.ask](partial), context)
		// Seed 001: an ask showing enabled buttons is waiting, whatever the request info says.
		const isAsking = controls.enableButtons && controls.primaryButton !== undefined
		const isStreaming = !isAsking && (partial || isApiRequestStreaming(messages))
		return { clineAsk: last.ask, ...controls, isStreaming, ...(isStreaming && { cancelButton: cancel }) }
	}

	const isStreaming = last.partial === true || isApiRequestStreaming(messages)
	// A say is last: the agent is working (streaming or running a tool); the person may cancel.
	return { enableButtons: false, sendingDisabled: true, isStreaming, cancelButton: cancel }
}

function withSubtaskLabels(controls: AskControls, context: ChatContext): AskControls {
	const ending = controls.secondaryButton
	if (!context.isSubtask || ending?.message.type !== "clearTask") return controls
	return { ...controls, secondaryButton: { ...ending, text: "Return to parent" } }
}

export type ButtonRole = "primary" | "secondary"

/**
 * The button a press of `role` means now, as the chat shows it: undefined when there is no such
 * button or it is disabled (an approval still streaming in). The webview's buttons, its
 * "press the primary button" command and the public API's `pressPrimaryButton` all go through here.
 */
export function pressableButton(controls: ChatControls, role: ButtonRole): ChatButton | undefined {
	if (!controls.enableButtons) return undefined
	return role === "primary" ? controls.primaryButton : controls.secondaryButton
}
