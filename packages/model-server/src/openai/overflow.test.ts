import OpenAI, { BadRequestError } from "openai"
import { describe, expect, it } from "vitest"
import type { OverflowStyle } from "../protocol.js"
import type { ModelServer } from "../server.js"
import { useModelServers } from "../test-support/servers.js"
import { countRequestTokens } from "../tokens.js"

const start = useModelServers()

const ask = {
	model: "gpt-test",
	messages: [
		{ role: "system" as const, content: "You are Cairn, a coding agent." },
		{ role: "user" as const, content: "Summarise the repository in three sentences, please." },
	],
}
const withTools = {
	...ask,
	tools: [
		{
			type: "function" as const,
			function: {
				name: "read_file",
				description: "Read a file in the workspace.",
				parameters: { type: "object", properties: { path: { type: "string" } } },
			},
		},
	],
}
const input = (await countRequestTokens("openai", ask)).total
const { total: inputWithTools, tools } = await countRequestTokens("openai", withTools)

/** The request through the openai SDK (to see what it makes of the answer) and raw (the exact body). */
async function refusal(server: ModelServer, body: object): Promise<{ sdk: BadRequestError; raw: unknown }> {
	const openai = new OpenAI({
		apiKey: "sk-test",
		baseURL: server.openaiBaseURL,
		maxRetries: 0,
		logLevel: "off",
	})
	const sdk = await openai.chat.completions.create(body as typeof ask).catch((e: unknown) => e)
	expect(sdk).toBeInstanceOf(BadRequestError)
	const res = await fetch(`${server.openaiBaseURL}/chat/completions`, {
		method: "POST",
		body: JSON.stringify(body),
	})
	expect(res.status).toBe(400)
	return { sdk: sdk as BadRequestError, raw: await res.json() }
}

async function serverWith(style: OverflowStyle, contextWindow: number): Promise<ModelServer> {
	return start({ overflowStyle: style, contextWindow, scenario: [{ text: "fits" }] })
}

describe("OpenAI's context_length_exceeded", () => {
	it("refuses messages longer than the window, without taking a turn", async () => {
		const server = await serverWith("openai", input - 1)
		const { sdk, raw } = await refusal(server, ask)
		const message =
			`This model's maximum context length is ${input - 1} tokens. However, your messages resulted in ` +
			`${input} tokens. Please reduce the length of the messages.`
		const error = {
			message,
			type: "invalid_request_error",
			param: "messages",
			code: "context_length_exceeded",
		}
		expect(raw).toEqual({ error })
		expect(sdk.error).toEqual(error)
		expect(sdk.code).toBe("context_length_exceeded")
		expect(server.remainingTurns).toBe(1)
		expect(server.requests.map((r) => [r.inputTokens, r.contextOverflow, r.turn])).toEqual([
			[input, "refused", undefined],
			[input, "refused", undefined],
		])
	})

	it("names the functions' share when the request has tools", async () => {
		const server = await serverWith("openai", inputWithTools - 1)
		const { raw } = await refusal(server, withTools)
		expect(raw).toMatchObject({
			error: {
				message:
					`This model's maximum context length is ${inputWithTools - 1} tokens. However, your messages ` +
					`resulted in ${inputWithTools} tokens (${inputWithTools - tools} in the messages, ${tools} in the ` +
					"functions). Please reduce the length of the messages or functions.",
			},
		})
	})

	it("counts max_completion_tokens (or max_tokens) into what was requested", async () => {
		const server = await serverWith("openai", input + 99)
		const { raw } = await refusal(server, { ...ask, max_completion_tokens: 100 })
		expect(raw).toMatchObject({
			error: {
				message:
					`This model's maximum context length is ${input + 99} tokens. However, you requested ` +
					`${input + 100} tokens (${input} in the messages, 100 in the completion). Please reduce the ` +
					"length of the messages or completion.",
				code: "context_length_exceeded",
			},
		})
		await refusal(server, { ...ask, max_tokens: 100 })
	})

	it("answers what fits, with the counted input as prompt_tokens", async () => {
		const server = await start({ contextWindow: input, scenario: [{ text: "fits" }] })
		const openai = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0 })
		const completion = await openai.chat.completions.create(ask)
		expect(completion.choices[0]?.message.content).toBe("fits")
		expect(completion.usage?.prompt_tokens).toBe(input)
	})
})

describe("OpenAI-compatible servers' context refusals", () => {
	it("OpenRouter: about N tokens of text input, tool input and output, with code 400 in the body", async () => {
		const server = await serverWith("openrouter", inputWithTools + 49)
		const { sdk, raw } = await refusal(server, { ...withTools, max_tokens: 50 })
		const message =
			`This endpoint's maximum context length is ${inputWithTools + 49} tokens. However, you requested ` +
			`about ${inputWithTools + 50} tokens (${inputWithTools - tools} of text input, ${tools} of tool input, ` +
			"50 in the output). Please reduce the length of either one, or use the context-compression plugin " +
			"to compress your prompt automatically."
		expect(raw).toEqual({ error: { message, code: 400, metadata: { provider_name: null } } })
		expect(sdk.message).toBe(`400 ${message}`)
		const textOnly = await refusal(await serverWith("openrouter", input - 1), ask)
		expect(textOnly.raw).toMatchObject({
			error: { message: expect.stringContaining(`about ${input} tokens (${input} of text input). `) },
		})
	})

	it("vLLM: the input against the window less the requested output, as a BadRequestError", async () => {
		const server = await serverWith("vllm", input + 99)
		const { sdk, raw } = await refusal(server, { ...ask, max_tokens: 100 })
		const message =
			`You passed ${input} input tokens and requested 100 output tokens. However, the model's context ` +
			`length is only ${input + 99} tokens, resulting in a maximum input length of ${input - 1} tokens. ` +
			`Please reduce the length of the input prompt. (parameter=input_tokens, value=${input})`
		expect(raw).toEqual({ error: { message, type: "BadRequestError", param: "input_tokens", code: 400 } })
		expect(sdk.message).toBe(`400 ${message}`)
		const noCap = await refusal(await serverWith("vllm", input - 1), ask)
		expect(noCap.raw).toMatchObject({
			error: {
				message: expect.stringMatching(/^You passed \d+ input tokens and requested 0 output tokens/),
			},
		})
	})

	it("vLLM before mid-2025: a flat body the openai SDK cannot read, and a prompt must leave a token", async () => {
		const server = await serverWith("vllm-legacy", input)
		const { sdk, raw } = await refusal(server, ask)
		expect(raw).toEqual({
			object: "error",
			message:
				`This model's maximum context length is ${input} tokens. However, you requested ${input} tokens ` +
				"in the messages, Please reduce the length of the messages.",
			type: "BadRequestError",
			param: null,
			code: 400,
		})
		// The SDK looks for `error` in the body; finding none, it keeps nothing of the message.
		expect(sdk.error).toBeUndefined()
		expect(sdk.message).toBe("400 status code (no body)")
		const capped = await refusal(await serverWith("vllm-legacy", input + 99), { ...ask, max_tokens: 100 })
		expect(capped.raw).toMatchObject({
			message:
				`This model's maximum context length is ${input + 99} tokens. However, you requested ` +
				`${input + 100} tokens (${input} in the messages, 100 in the completion). Please reduce the ` +
				"length of the messages or completion.",
		})
	})

	it("LM Studio: the prompt to keep must be shorter than the loaded context; its error is a bare string", async () => {
		const server = await serverWith("lmstudio", input)
		const { sdk, raw } = await refusal(server, { ...ask, max_tokens: 1_000_000 })
		const error =
			"The number of tokens to keep from the initial prompt is greater than the context length " +
			`(n_keep: ${input}>= n_ctx: ${input}). Try to load the model with a larger context length, or ` +
			"provide a shorter input."
		expect(raw).toEqual({ error })
		expect(sdk.error).toBe(error)
		// It does not check max_tokens: one token of room is enough.
		const fits = await (await serverWith("lmstudio", input + 1)).url
		const openai = new OpenAI({ apiKey: "k", baseURL: `${fits}/v1`, maxRetries: 0 })
		const completion = await openai.chat.completions.create({ ...ask, max_tokens: 1_000_000 })
		expect(completion.choices[0]?.message.content).toBe("fits")
	})
})
