import type { ContextCheck, ContextVerdict } from "../protocol.js"
import { anthropicErrorBody } from "./errors.js"

/**
 * Anthropic's two refusals, word for word as the API sends them (400 invalid_request_error): a
 * prompt longer than the window, and a prompt that fits but leaves no room for `max_tokens`.
 */
export function anthropicContextVerdict(check: ContextCheck): ContextVerdict {
	const { window, tokens, body, sequence } = check
	const input = tokens.total
	const maxTokens = typeof body.max_tokens === "number" ? body.max_tokens : 0
	let message: string | undefined
	if (input > window) message = `prompt is too long: ${input} tokens > ${window} maximum`
	else if (input + maxTokens > window)
		message =
			`input length and \`max_tokens\` exceed context limit: ${input} + ${maxTokens} > ${window}, ` +
			"decrease input length or `max_tokens` and try again"
	if (message === undefined) return { kind: "fits" }
	const spec = { status: 400, message, type: "invalid_request_error" }
	return { kind: "refuse", status: 400, body: anthropicErrorBody(spec, sequence) }
}
