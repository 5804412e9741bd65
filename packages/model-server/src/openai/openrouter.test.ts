import OpenAI from "openai"
import { describe, expect, it } from "vitest"
import { drain, useModelServers } from "../test-support/servers.js"

const start = useModelServers()

const ask = {
	model: "vendor/model",
	messages: [{ role: "user" as const, content: "hi" }],
	stream: true as const,
}

/** OpenRouter's additions to a chunk, which the SDK's types do not name. */
interface OpenRouterChunk {
	choices: { delta: { reasoning?: string; reasoning_content?: string } }[]
	usage?: { prompt_tokens: number; completion_tokens: number; cost?: number; is_byok?: boolean } | null
}

describe("the OpenRouter style of the OpenAI-compatible routes", () => {
	const client = (baseURL: string) => new OpenAI({ apiKey: "k", baseURL, maxRetries: 0 })

	it("streams reasoning in `reasoning` deltas and, with usage accounting, the cost in dollars", async () => {
		const server = await start({
			overflowStyle: "openrouter",
			scenario: [
				{
					reasoning: "Think. Then answer.",
					reasoningChunks: 2,
					text: "Answer",
					usage: { inputTokens: 1_000, outputTokens: 100, cacheReadInputTokens: 500 },
				},
			],
		})
		const stream = await client(server.openaiBaseURL).chat.completions.create({
			...ask,
			// @ts-expect-error OpenRouter's usage accounting is not in the SDK's types
			usage: { include: true },
		})
		const items = (await drain(stream)).items as unknown as OpenRouterChunk[]
		const reasoning = items.flatMap((c) => c.choices[0]?.delta.reasoning ?? [])
		expect(reasoning.join("")).toBe("Think. Then answer.")
		expect(items.some((c) => c.choices[0]?.delta.reasoning_content !== undefined)).toBe(false)
		// 1000 uncached at $3/M, 500 cached at $0.30/M, 100 out at $15/M.
		expect(items.at(-1)?.usage).toMatchObject({
			prompt_tokens: 1_500,
			completion_tokens: 100,
			cost: 0.00465,
			is_byok: false,
		})
	})

	it("ends with usage but no cost when the request does not ask for accounting", async () => {
		const server = await start({ overflowStyle: "openrouter", scenario: [{ text: "x" }] })
		const items = (await drain(await client(server.openaiBaseURL).chat.completions.create(ask)))
			.items as unknown as OpenRouterChunk[]
		expect(items.at(-1)?.usage?.completion_tokens).toBeGreaterThan(0)
		expect(items.at(-1)?.usage?.cost).toBeUndefined()
	})
})

describe("a server with one API key", () => {
	it("refuses another key with a 401 in the provider's shape, and serves its own", async () => {
		const server = await start({ apiKey: "right", models: ["m"] })
		const wrong = await fetch(`${server.openaiBaseURL}/models`, {
			headers: { authorization: "Bearer wrong" },
		})
		expect(wrong.status).toBe(401)
		expect(await wrong.json()).toMatchObject({ error: { code: "invalid_api_key" } })
		const right = await fetch(`${server.openaiBaseURL}/models`, {
			headers: { authorization: "Bearer right" },
		})
		expect(right.status).toBe(200)
		const anthropic = await fetch(`${server.url}/v1/models`, {
			headers: { "x-api-key": "wrong", "anthropic-version": "2023-06-01" },
		})
		expect(anthropic.status).toBe(401)
		expect(await anthropic.json()).toMatchObject({ error: { type: "authentication_error" } })
	})
})
