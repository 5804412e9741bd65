import Anthropic, { BadRequestError } from "@anthropic-ai/sdk"
import { describe, expect, it } from "vitest"
import type { ModelServer } from "../server.js"
import { useModelServers } from "../test-support/servers.js"
import { countRequestTokens } from "../tokens.js"

const start = useModelServers()

function client(server: ModelServer): Anthropic {
	return new Anthropic({
		apiKey: "sk-ant-test",
		baseURL: server.anthropicBaseURL,
		maxRetries: 0,
		logLevel: "off",
	})
}

const ask = {
	model: "claude-test",
	max_tokens: 1_000,
	system: "You are Cairn, a coding agent.",
	messages: [{ role: "user" as const, content: "Summarise the repository in three sentences, please." }],
}
const input = (await countRequestTokens("anthropic", ask)).total

async function rawError(server: ModelServer): Promise<[number, string | null, unknown]> {
	const res = await fetch(`${server.url}/v1/messages`, { method: "POST", body: JSON.stringify(ask) })
	return [res.status, res.headers.get("request-id"), await res.json()]
}

describe("Anthropic context window", () => {
	it("refuses a prompt longer than the window with Anthropic's 400, without taking a turn", async () => {
		const server = await start({ contextWindow: input - 1, scenario: [{ text: "unused" }] })
		const error = await client(server)
			.messages.create(ask)
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(BadRequestError)
		const message = `prompt is too long: ${input} tokens > ${input - 1} maximum`
		expect((error as BadRequestError).error).toEqual({
			type: "error",
			error: { type: "invalid_request_error", message },
			request_id: "req_cairn00000001",
		})
		expect(await rawError(server)).toEqual([
			400,
			"req_cairn00000002",
			{
				type: "error",
				error: { type: "invalid_request_error", message },
				request_id: "req_cairn00000002",
			},
		])
		expect(server.remainingTurns).toBe(1)
		expect(server.requests[0]).toMatchObject({ inputTokens: input, contextOverflow: "refused" })
		expect(server.requests[0]?.turn).toBeUndefined()
	})

	it("refuses a prompt that fits when max_tokens does not, naming both numbers", async () => {
		const server = await start({ contextWindow: input + 999, scenario: [{ text: "unused" }] })
		const [status, , body] = await rawError(server)
		expect(status).toBe(400)
		expect(body).toMatchObject({
			error: {
				type: "invalid_request_error",
				message:
					`input length and \`max_tokens\` exceed context limit: ${input} + 1000 > ${input + 999}, ` +
					"decrease input length or `max_tokens` and try again",
			},
		})
		expect(server.remainingTurns).toBe(1)
	})

	it("answers a request that exactly fills the window, reporting the counted input as usage", async () => {
		const server = await start({
			contextWindow: input + 1_000,
			scenario: [{ text: "fits" }, { text: "cached", usage: { cacheReadInputTokens: 10 } }],
		})
		const message = await client(server).messages.create(ask)
		expect(message.content).toEqual([{ type: "text", text: "fits" }])
		expect(message.usage.input_tokens).toBe(input)
		// Anthropic's input_tokens is the uncached part: with 10 read from the cache, the rest.
		const cached = await client(server).messages.create(ask)
		expect(cached.usage).toMatchObject({ input_tokens: input - 10, cache_read_input_tokens: 10 })
	})

	it("lists the window as max_input_tokens and the output cap as max_tokens", async () => {
		const server = await start({ contextWindow: 50_000, maxOutputTokens: 8_192 })
		const page = await client(server).models.list()
		expect(page.data[0]).toMatchObject({ max_input_tokens: 50_000, max_tokens: 8_192 })
	})
})
