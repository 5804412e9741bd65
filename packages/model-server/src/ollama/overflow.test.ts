import { Ollama } from "ollama"
import type { ChatRequest } from "ollama"
import { describe, expect, it } from "vitest"
import type { ModelServer } from "../server.js"
import { useModelServers } from "../test-support/servers.js"
import { countRequestTokens } from "../tokens.js"

const start = useModelServers()

function client(server: ModelServer): Ollama {
	return new Ollama({ host: server.ollamaHost })
}

const ask = {
	model: "qwen-test",
	stream: false as const,
	messages: [
		{ role: "system", content: "You are Cairn, a coding agent." },
		{ role: "user", content: "Summarise the repository in three sentences, please." },
	],
}
const input = (await countRequestTokens("ollama", ask)).total

/** `truncate` and `shift` are real /api/chat fields that ollama-js does not declare yet. */
type Flags = { truncate?: boolean; shift?: boolean }

async function responseError(promise: Promise<unknown>): Promise<{ status_code: number; error: string }> {
	const error = await promise.catch((e: unknown) => e)
	expect((error as Error).name).toBe("ResponseError")
	return error as { status_code: number; error: string }
}

describe("Ollama and a prompt longer than its context", () => {
	it("with truncate: false, fails with the runner's JSON error carrying both counts", async () => {
		const server = await start({ contextWindow: input - 1, scenario: [{ text: "unused" }] })
		const request: ChatRequest & Flags = { ...ask, truncate: false }
		const error = await responseError(client(server).chat(request as typeof ask))
		expect(error.status_code).toBe(400)
		expect(JSON.parse(error.error)).toEqual({
			error: {
				code: 400,
				message: `request (${input} tokens) exceeds the available context size (${input - 1} tokens), try increasing it`,
				type: "exceed_context_size_error",
				n_prompt_tokens: input,
				n_ctx: input - 1,
			},
		})
		expect(server.remainingTurns).toBe(1)
		expect(server.requests[0]).toMatchObject({ inputTokens: input, contextOverflow: "refused" })
	})

	it("with shift: false, fails with a sentence and no numbers", async () => {
		const server = await start({ contextWindow: input - 1 })
		const request: ChatRequest & Flags = { ...ask, shift: false }
		const error = await responseError(client(server).chat(request as typeof ask))
		expect(error).toMatchObject({
			status_code: 400,
			error:
				"the prompt is longer than the context length currently available to the model; shorten the " +
				"prompt, adjust the context length in settings, or use a model with a longer context length",
		})
	})

	it("by default, cuts the prompt silently and answers from about half the context", async () => {
		expect(input).toBeGreaterThan(20)
		const server = await start({ contextWindow: 20, scenario: [{ text: "answered anyway" }] })
		const response = await client(server).chat(ask)
		expect(response.message.content).toBe("answered anyway")
		// As a real Ollama reports it (num_ctx 4096 -> 2051): half the context and the kept tokens.
		expect(response.prompt_eval_count).toBe(13)
		expect(server.requests[0]).toMatchObject({
			inputTokens: input,
			contextOverflow: "truncated",
			turn: 0,
		})
	})

	it("measures against options.num_ctx, capped at the model's own context, and ignores num_predict", async () => {
		const server = await start({
			contextWindow: input,
			scenario: [{ text: "fits" }, { text: "fits too" }],
		})
		const small: ChatRequest & Flags = { ...ask, truncate: false, options: { num_ctx: input - 1 } }
		expect(
			JSON.parse((await responseError(client(server).chat(small as typeof ask))).error),
		).toMatchObject({
			error: { n_ctx: input - 1 },
		})
		const large: ChatRequest & Flags = { ...ask, truncate: false, options: { num_ctx: 1_000_000 } }
		expect((await client(server).chat(large as typeof ask)).prompt_eval_count).toBe(input)
		const predicting = { ...ask, options: { num_ctx: input, num_predict: 1_000 } }
		expect((await client(server).chat(predicting)).message.content).toBe("fits too")
	})

	it("reports the window as the model's context length in /api/show", async () => {
		const server = await start({ contextWindow: 8_192 })
		const shown = await client(server).show({ model: "qwen-test" })
		const info = shown.model_info as unknown as Record<string, unknown>
		expect(info["general.architecture"]).toBe("cairn")
		expect(info["cairn.context_length"]).toBe(8_192)
		const unset = await start()
		const defaults = (await client(unset).show({ model: "qwen-test" })).model_info as unknown as Record<
			string,
			unknown
		>
		expect(defaults["cairn.context_length"]).toBe(131_072)
	})
})
