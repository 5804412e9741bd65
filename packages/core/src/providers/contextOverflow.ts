/** What an overflow error states, when it states it: the request's input and the window it missed. */
export interface ContextOverflowFacts {
	promptTokens?: number
	contextWindow?: number
}

interface Pattern {
	/** Who words it this way (for the tests and the next person who adds one). */
	source: string
	pattern: RegExp
	/** From the pattern's groups as numbers (a group that did not take part is 0). */
	facts?: (numbers: number[]) => ContextOverflowFacts
}

/**
 * Every wording of "the request does not fit the context window" Cairn has met, most specific first
 * so the numbers come from the pattern that knows what each one means. The last entries are broad
 * on purpose: a proxy that rewords an error usually keeps one of these phrases, and calling a
 * different 400 an overflow costs one condensing, while missing an overflow stops the task.
 */
const patterns: readonly Pattern[] = [
	{
		source: "Anthropic, prompt alone",
		pattern: /prompt is too long: (\d+) tokens > (\d+) maximum/i,
		facts: ([prompt, window]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "Anthropic, prompt + max_tokens",
		pattern: /input length and `?max_tokens`? exceed context limit: (\d+) \+ (\d+) > (\d+)/i,
		facts: ([prompt, , window]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "OpenRouter",
		pattern:
			/maximum context length is (\d+) tokens\. However, you requested about (\d+) tokens \((\d+) of text input(?:, (\d+) of tool input)?/i,
		facts: ([window, , text, tools]) => ({
			promptTokens: (text ?? 0) + (tools ?? 0),
			contextWindow: window,
		}),
	},
	{
		source: "OpenAI and vLLM before mid-2025, with an output cap",
		pattern:
			/maximum context length is (\d+) tokens[.,] however,? you requested (\d+) tokens \((\d+) in (?:the messages|your prompt)[;,]/i,
		facts: ([window, , prompt]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "vLLM before mid-2025, without an output cap",
		pattern:
			/maximum context length is (\d+) tokens\. However, you requested (\d+) tokens in the messages/i,
		facts: ([window, prompt]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "OpenAI",
		pattern: /maximum context length is (\d+) tokens\. However, your messages resulted in (\d+) tokens/i,
		facts: ([window, prompt]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "vLLM from mid-2025 (input alone, or input + max_tokens)",
		pattern:
			/maximum context length is (\d+) tokens\.? (?:However, your|and your) request has (\d+) input tokens/i,
		facts: ([window, prompt]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "vLLM 2026",
		pattern:
			/You passed (\d+) input tokens and requested (\d+) output tokens\. However, the model's context length is only (\d+)/i,
		facts: ([prompt, , window]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		// GPT-5's window counts the answer too; this is the most input it takes, the useful number.
		source: "OpenAI GPT-5 input limit",
		pattern:
			/Input tokens exceed the configured limit of (\d+) tokens\. Your messages resulted in (\d+) tokens/i,
		facts: ([window, prompt]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "LM Studio 0.3",
		pattern:
			/Trying to keep the first (\d+) tokens when context the overflows\. However, the model is loaded with context length of only (\d+) tokens/i,
		facts: ([prompt, window]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "LM Studio 0.4 and llama.cpp (n_keep >= n_ctx)",
		pattern: /n_keep:? ?\(?(\d+)\)?\s*>=\s*n_ctx:? ?\(?(\d+)\)?/i,
		facts: ([prompt, window]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "llama.cpp server, also inside Ollama's error",
		pattern: /request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)/i,
		facts: ([prompt, window]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "Gemini, through OpenAI-compatible proxies",
		pattern: /input token count \((\d+)\) exceeds the maximum number of tokens allowed \((\d+)\)/i,
		facts: ([prompt, window]) => ({ promptTokens: prompt, contextWindow: window }),
	},
	{
		source: "LM Studio 0.4 without numbers",
		pattern: /number of tokens to keep from the initial prompt is greater than the context length/i,
	},
	{ source: "Ollama, context shift off", pattern: /prompt is longer than the context length/i },
	{ source: "Ollama runner", pattern: /input length exceeds the context length/i },
	{ source: "llama.cpp error type", pattern: /exceed_context_size_error/i },
	{ source: "OpenAI error code", pattern: /context_length_exceeded/i },
	{ source: "proxies: maximum context length", pattern: /maximum context length/i },
	{ source: "proxies: context window", pattern: /context window/i },
	{ source: "proxies: context length exceeded", pattern: /context length (?:exceeded|is exceeded)/i },
	{ source: "proxies: too many tokens", pattern: /too many (?:input )?tokens/i },
	{ source: "proxies: prompt or input too long", pattern: /(?:prompt|input) is too long/i },
]

/**
 * Whether a provider's error says the request did not fit the model's context window, with the
 * counts it states. `text` is the provider's own message; `code` its error code, if it has one
 * (OpenAI's `context_length_exceeded`).
 */
export function recognizeContextOverflow(text: string, code?: string): ContextOverflowFacts | undefined {
	for (const { pattern, facts } of patterns) {
		const match = pattern.exec(text)
		if (match) return facts ? facts(match.slice(1).map((group) => Number(group ?? 0))) : {}
	}
	return code === "context_length_exceeded" ? {} : undefined
}
