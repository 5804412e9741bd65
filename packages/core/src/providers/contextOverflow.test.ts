import { describe, expect, it } from "vitest"
import { recognizeContextOverflow } from "./contextOverflow.js"

// Each text is what the server sent, as quoted in public issue threads and logs.
const withNumbers: [source: string, text: string, promptTokens: number, contextWindow: number][] = [
	["Anthropic, prompt alone", "prompt is too long: 208310 tokens > 200000 maximum", 208_310, 200_000],
	[
		"Anthropic, prompt + max_tokens",
		"input length and `max_tokens` exceed context limit: 178959 + 64000 > 200000, decrease input length or `max_tokens` and try again",
		178_959,
		200_000,
	],
	[
		"Anthropic through a proxy that drops the backticks",
		"input length and max_tokens exceed context limit: 86888 + 119866 > 204648, decrease input length or max_tokens and try again",
		86_888,
		204_648,
	],
	[
		"OpenAI",
		"This model's maximum context length is 128000 tokens. However, your messages resulted in 173172 tokens. Please reduce the length of the messages.",
		173_172,
		128_000,
	],
	[
		"OpenAI with functions",
		"This model's maximum context length is 4097 tokens. However, your messages resulted in 4238 tokens (4143 in the messages, 95 in the functions). Please reduce the length of the messages or functions.",
		4_238,
		4_097,
	],
	[
		"OpenAI with a completion cap",
		"This model's maximum context length is 4097 tokens. However, you requested 4120 tokens (3120 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
		3_120,
		4_097,
	],
	[
		"an older OpenAI-compatible wording",
		"This model's maximum context length is 8192 tokens, however you requested 8977 tokens (8977 in your prompt; 0 for the completion). Please reduce your prompt; or completion length.",
		8_977,
		8_192,
	],
	[
		"OpenAI GPT-5 input limit",
		"Input tokens exceed the configured limit of 272000 tokens. Your messages resulted in 289650 tokens. Please reduce the length of the messages.",
		289_650,
		272_000,
	],
	[
		"OpenRouter, middle-out wording",
		'This endpoint\'s maximum context length is 65536 tokens. However, you requested about 92208 tokens (60833 of text input, 10042 of tool input, 21333 in the output). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.',
		70_875,
		65_536,
	],
	[
		"OpenRouter, context-compression wording",
		"This endpoint's maximum context length is 1048576 tokens. However, you requested about 1780624 tokens (1780624 of text input). Please reduce the length of either one, or use the context-compression plugin to compress your prompt automatically.",
		1_780_624,
		1_048_576,
	],
	[
		"vLLM before mid-2025, with max_tokens",
		"This model's maximum context length is 131072 tokens. However, you requested 156632 tokens (152536 in the messages, 4096 in the completion). Please reduce the length of the messages or completion.",
		152_536,
		131_072,
	],
	[
		"vLLM before mid-2025, without max_tokens",
		"This model's maximum context length is 4096 tokens. However, you requested 5000 tokens in the messages, Please reduce the length of the messages.",
		5_000,
		4_096,
	],
	[
		"vLLM mid-2025, input alone",
		"This model's maximum context length is 65536 tokens. However, your request has 85041 input tokens. Please reduce the length of the input messages. (parameter=input_tokens, value=85041)",
		85_041,
		65_536,
	],
	[
		"vLLM mid-2025, input + max_tokens",
		"'max_tokens' or 'max_completion_tokens' is too large: 4096. This model's maximum context length is 8192 tokens and your request has 5000 input tokens (4096 > 8192 - 5000).",
		5_000,
		8_192,
	],
	[
		"vLLM 2026",
		"You passed 10243 input tokens and requested 6142 output tokens. However, the model's context length is only 16384 tokens, resulting in a maximum input length of 10242 tokens. Please reduce the length of the input prompt. (parameter=input_tokens, value=10243)",
		10_243,
		16_384,
	],
	[
		"LM Studio 0.3",
		"<LM Studio error> Trying to keep the first 15857 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input. Error Data: n/a, Additional Data: n/a",
		15_857,
		4_096,
	],
	[
		"LM Studio 0.4",
		"The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 13055>= n_ctx: 4096). Try to load the model with a larger context length, or provide a shorter input.",
		13_055,
		4_096,
	],
	["llama.cpp", "Cannot truncate prompt with n_keep (15028) >= n_ctx (7424)", 15_028, 7_424],
	[
		"llama.cpp server, inside Ollama",
		"request (8889 tokens) exceeds the available context size (4096 tokens), try increasing it",
		8_889,
		4_096,
	],
	[
		"Gemini through a proxy",
		"The input token count (1066750) exceeds the maximum number of tokens allowed (1048575).",
		1_066_750,
		1_048_575,
	],
]

const withoutNumbers: [source: string, text: string][] = [
	[
		"LM Studio 0.4, short form",
		"The number of tokens to keep from the initial prompt is greater than the context length. Try to load the model with a larger context length, or provide a shorter input",
	],
	[
		"Ollama, context shift off",
		"the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length",
	],
	["Ollama runner", "the input length exceeds the context length"],
	[
		"OpenAI Responses API",
		"Your input exceeds the context window of this model. Please adjust your input and try again.",
	],
	["a proxy", "litellm.ContextWindowExceededError: context window exceeded"],
	[
		"a proxy",
		"Error: 400 This model's maximum context length has been exceeded. Please reduce the length of the messages.",
	],
	["Bedrock", "Input is too long for requested model."],
	["a proxy", "Too many tokens: the request exceeds the model limit"],
]

const unrelated: string[] = [
	"max_tokens is too large: 20000. This model supports at most 16384 completion tokens, whereas you provided 20000.",
	"max_tokens: 200000 > 128000, which is the maximum allowed number of output tokens for claude-opus-4-5",
	"Unsupported value: 'temperature' does not support 0.2 with this model.",
	"model: claude-nope",
	"messages.1.content.0.tool_result: unexpected `tool_use_id` found in `tool_result` blocks",
]

describe("recognizeContextOverflow", () => {
	it.each(withNumbers)(
		"%s: recognised, with the counts it states",
		(_source, text, promptTokens, contextWindow) => {
			expect(recognizeContextOverflow(text)).toEqual({ promptTokens, contextWindow })
		},
	)

	it.each(withoutNumbers)("%s: recognised without counts", (_source, text) => {
		expect(recognizeContextOverflow(text)).toEqual({})
	})

	it("recognises OpenAI's context_length_exceeded code whatever the message", () => {
		expect(recognizeContextOverflow("Request failed.", "context_length_exceeded")).toEqual({})
		expect(recognizeContextOverflow("Request failed.", "invalid_value")).toBeUndefined()
	})

	it.each(unrelated)("leaves other errors alone: %s", (text) => {
		expect(recognizeContextOverflow(text)).toBeUndefined()
	})
})
