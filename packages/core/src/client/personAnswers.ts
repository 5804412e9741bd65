import {
	chatControls,
	isInteractiveAsk,
	type ClineAsk,
	type ClineAskFollowup,
	type ClineMessage,
	type WebviewMessage,
} from "@cairn/types"

/** What a person (or a script speaking for one) answered: a button, or typed text. */
export type PersonAnswer = { kind: "yes" } | { kind: "no" } | { kind: "text"; text: string }

const yesWords = new Set(["y", "yes", "approve", "ok"])
const noWords = new Set(["n", "no", "reject", "deny"])

/**
 * Reads a typed line: "y"/"yes" and "n"/"no" press the primary/secondary button, anything else is
 * text. For a follow-up question every line is an answer; a number picks that suggestion.
 */
export function parseTypedAnswer(line: string, ask: ClineAsk, followup?: ClineAskFollowup): PersonAnswer {
	const text = line.trim()
	if (ask === "followup") {
		const pick = /^\d+$/.test(text) ? followup?.suggest[Number(text) - 1] : undefined
		return { kind: "text", text: pick?.answer ?? text }
	}
	const word = text.toLowerCase()
	if (yesWords.has(word)) return { kind: "yes" }
	if (noWords.has(word)) return { kind: "no" }
	return { kind: "text", text }
}

/**
 * The message that gives `answer` at the transcript's current ask, with the buttons
 * `chatControls` (@cairn/types) defines for it: yes is the primary button, no the secondary,
 * and text goes with a `messageResponse` (for an approval that is a rejection with reasons).
 * Undefined when the ask has no such button.
 */
export function replyFor(
	messages: readonly ClineMessage[],
	answer: PersonAnswer,
): WebviewMessage | undefined {
	const controls = chatControls(messages)
	if (answer.kind === "yes") return controls.primaryButton?.message
	if (answer.kind === "no") return controls.secondaryButton?.message
	if (!controls.sendingDisabled)
		return { type: "askResponse", askResponse: "messageResponse", text: answer.text }
	// The chat box is off at this ask (api_req_failed): the text rides along with the primary button.
	const primary = controls.primaryButton?.message
	return primary?.type === "askResponse" ? { ...primary, text: answer.text } : primary
}

/** Whether an answer to this ask approves what it asked for. */
export function approves(ask: ClineAsk, reply: WebviewMessage): boolean {
	return isInteractiveAsk(ask) && reply.type === "askResponse" && reply.askResponse === "yesButtonClicked"
}
