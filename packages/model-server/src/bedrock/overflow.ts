import type { ContextCheck, ContextVerdict } from "../protocol.js"
import { isRecord } from "../protocol.js"
import { bedrockErrorBody, bedrockErrorHeaders, bedrockModelOf } from "./errors.js"

// Bedrock passes the model's own refusal on inside its ValidationException; Claude's words are
// Anthropic's, other models get Bedrock's own sentence without numbers.
const passedOn = "The model returned the following errors: "

function maxTokensOf(body: Record<string, unknown>): number {
	const config = body.inferenceConfig
	return isRecord(config) && typeof config.maxTokens === "number" ? config.maxTokens : 0
}

/**
 * A 400 ValidationException for a request over the window: for Claude models a prompt longer than
 * the window, or one that leaves no room for `maxTokens`; for the others, input over the window.
 */
export function bedrockContextVerdict(check: ContextCheck): ContextVerdict {
	const { window, tokens, body } = check
	const input = tokens.total
	const claude = (bedrockModelOf(check.path) ?? "").includes("anthropic.")
	const maxTokens = maxTokensOf(body)
	let message: string | undefined
	if (claude && input > window)
		message = `${passedOn}prompt is too long: ${input} tokens > ${window} maximum`
	else if (claude && input + maxTokens > window)
		message =
			`${passedOn}input length and \`max_tokens\` exceed context limit: ${input} + ${maxTokens} > ${window}, ` +
			"decrease input length or `max_tokens` and try again"
	else if (!claude && input > window) message = "Input is too long for requested model."
	if (message === undefined) return { kind: "fits" }
	const spec = { status: 400, message, type: "ValidationException" }
	return { kind: "refuse", status: 400, body: bedrockErrorBody(spec), headers: bedrockErrorHeaders(spec) }
}
