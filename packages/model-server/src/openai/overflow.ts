import type { ContextCheck, ContextVerdict, OverflowStyle } from "../protocol.js"

/** The output cap a Chat Completions request sent, if any. */
export function openaiOutputCap(body: Record<string, unknown>): number | undefined {
	const cap = body.max_completion_tokens ?? body.max_tokens
	return typeof cap === "number" && cap > 0 ? cap : undefined
}

interface Measure {
	window: number
	/** The whole input, and the part of it that is tool definitions. */
	input: number
	tools: number
	cap: number | undefined
}

type Refusal = { status: number; body: unknown } | undefined

/**
 * Each server's refusal, word for word and in its body shape, with the condition under which it
 * refuses. Sources: OpenAI and OpenRouter error bodies quoted in public issue threads; vLLM's
 * `serving_engine.py` / renderer (`You passed … input tokens` since 2026, `This model's maximum
 * context length … However, you requested …` with the flat `object: "error"` body before the
 * mid-2025 `{"error": {...}}` change); LM Studio 0.4's 400 as quoted in its bug tracker.
 */
const refusals: Record<OverflowStyle, (m: Measure) => Refusal> = {
	openai: ({ window, input, tools, cap }) => {
		const head = `This model's maximum context length is ${window} tokens. However, `
		let message: string
		if (cap !== undefined) {
			if (input + cap <= window) return undefined
			message =
				head +
				`you requested ${input + cap} tokens (${input} in the messages, ${cap} in the completion). ` +
				"Please reduce the length of the messages or completion."
		} else {
			if (input <= window) return undefined
			message =
				tools > 0
					? head +
						`your messages resulted in ${input} tokens (${input - tools} in the messages, ${tools} in the functions). ` +
						"Please reduce the length of the messages or functions."
					: head +
						`your messages resulted in ${input} tokens. Please reduce the length of the messages.`
		}
		const error = {
			message,
			type: "invalid_request_error",
			param: "messages",
			code: "context_length_exceeded",
		}
		return { status: 400, body: { error } }
	},
	openrouter: ({ window, input, tools, cap }) => {
		const requested = input + (cap ?? 0)
		if (requested <= window) return undefined
		const parts = [`${input - tools} of text input`]
		if (tools > 0) parts.push(`${tools} of tool input`)
		if (cap !== undefined) parts.push(`${cap} in the output`)
		const message =
			`This endpoint's maximum context length is ${window} tokens. However, you requested about ` +
			`${requested} tokens (${parts.join(", ")}). Please reduce the length of either one, or use the ` +
			"context-compression plugin to compress your prompt automatically."
		return { status: 400, body: { error: { message, code: 400, metadata: { provider_name: null } } } }
	},
	vllm: ({ window, input, cap }) => {
		const output = cap ?? 0
		if (input <= window - output) return undefined
		const message =
			`You passed ${input} input tokens and requested ${output} output tokens. However, the model's ` +
			`context length is only ${window} tokens, resulting in a maximum input length of ${window - output} ` +
			`tokens. Please reduce the length of the input prompt. (parameter=input_tokens, value=${input})`
		return {
			status: 400,
			body: { error: { message, type: "BadRequestError", param: "input_tokens", code: 400 } },
		}
	},
	"vllm-legacy": ({ window, input, cap }) => {
		const head = `This model's maximum context length is ${window} tokens. However, you requested `
		let message: string
		// Without max_tokens vLLM gave the answer the rest of the window, so a prompt had to leave one token.
		if (cap === undefined) {
			if (input < window) return undefined
			message = head + `${input} tokens in the messages, Please reduce the length of the messages.`
		} else {
			if (input + cap <= window) return undefined
			message =
				head +
				`${input + cap} tokens (${input} in the messages, ${cap} in the completion). ` +
				"Please reduce the length of the messages or completion."
		}
		return {
			status: 400,
			body: { object: "error", message, type: "BadRequestError", param: null, code: 400 },
		}
	},
	// LM Studio refuses when the prompt it must keep does not fit the loaded context; it does not
	// check max_tokens (generation stops at the end of the context).
	lmstudio: ({ window, input }) => {
		if (input < window) return undefined
		const error =
			"The number of tokens to keep from the initial prompt is greater than the context length " +
			`(n_keep: ${input}>= n_ctx: ${window}). Try to load the model with a larger context length, ` +
			"or provide a shorter input."
		return { status: 400, body: { error } }
	},
}

export function openaiContextVerdict(check: ContextCheck): ContextVerdict {
	const refusal = refusals[check.style]({
		window: check.window,
		input: check.tokens.total,
		tools: check.tokens.tools,
		cap: openaiOutputCap(check.body),
	})
	return refusal ? { kind: "refuse", ...refusal } : { kind: "fits" }
}
