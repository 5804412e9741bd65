import type { ContextCheck, ContextVerdict } from "../protocol.js"
import { geminiErrorBody } from "./errors.js"

/**
 * Gemini's refusal of a prompt longer than the window, word for word (400 INVALID_ARGUMENT). It
 * measures the input alone: maxOutputTokens is a cap, not a reservation.
 */
export function geminiContextVerdict(check: ContextCheck): ContextVerdict {
	const input = check.tokens.total
	if (input <= check.window) return { kind: "fits" }
	const message = `The input token count (${input}) exceeds the maximum number of tokens allowed (${check.window}).`
	return { kind: "refuse", status: 400, body: geminiErrorBody({ status: 400, message }) }
}
