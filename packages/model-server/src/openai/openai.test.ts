import OpenAI, { APIError, BadRequestError, InternalServerError, NotFoundError, RateLimitError } from "openai"
import type { ChatCompletionChunk } from "openai/resources/chat/completions"
import { describe, expect, it } from "vitest"
import { lastToolResult } from "../request-helpers.js"
import type { ModelServer } from "../server.js"
import { drain, useModelServers } from "../test-support/servers.js"

const start = useModelServers()

function client(server: ModelServer, maxRetries = 0): OpenAI {
	return new OpenAI({ apiKey: "sk-test", baseURL: server.openaiBaseURL, maxRetries, logLevel: "off" })
}

const ask = { model: "gpt-test", messages: [{ role: "user" as const, content: "hi" }] }
const streamed = { ...ask, stream: true as const, stream_options: { include_usage: true } }

// reasoning_content is an OpenAI-compatible extension, so the SDK's types do not name it.
type DeltaWithReasoning = ChatCompletionChunk.Choice.Delta & { reasoning_content?: string }

describe("OpenAI Chat Completions through the openai SDK", () => {
	it("streams text chunks and, with include_usage, a final usage chunk with choices []", async () => {
		const server = await start({
			scenario: [
				{
					text: "Hello there",
					textChunks: 4,
					usage: { inputTokens: 50, outputTokens: 9, cacheReadInputTokens: 20 },
				},
			],
		})
		const { items, error } = await drain(await client(server).chat.completions.create(streamed))
		expect(error).toBeUndefined()
		expect(items[0]?.choices[0]?.delta.role).toBe("assistant")
		expect(items.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("Hello there")
		expect(items.filter((c) => c.choices[0]?.delta.content)).toHaveLength(4)
		expect(items.at(-2)?.choices[0]?.finish_reason).toBe("stop")
		const last = items.at(-1)
		expect(last?.object).toBe("chat.completion.chunk")
		expect(last?.choices).toEqual([])
		expect(last?.usage).toMatchObject({
			prompt_tokens: 70,
			completion_tokens: 9,
			total_tokens: 79,
			prompt_tokens_details: { cached_tokens: 20 },
		})
		expect(items.slice(0, -1).every((c) => c.usage === null)).toBe(true)
	})

	it("sends no usage chunk unless stream_options.include_usage is true", async () => {
		const server = await start({ scenario: [{ text: "x" }] })
		const { items } = await drain(await client(server).chat.completions.create({ ...ask, stream: true }))
		expect(items.every((c) => c.choices.length === 1 && !("usage" in c))).toBe(true)
	})

	it("streams reasoning as a reasoning_content delta field", async () => {
		const server = await start({
			scenario: [{ reasoning: "Step one. Step two.", reasoningChunks: 3, text: "Answer" }],
		})
		const { items } = await drain(await client(server).chat.completions.create(streamed))
		const reasoning = items.flatMap((c) => {
			const delta = c.choices[0]?.delta as DeltaWithReasoning | undefined
			return delta?.reasoning_content === undefined ? [] : [delta.reasoning_content]
		})
		expect(reasoning).toHaveLength(3)
		expect(reasoning.join("")).toBe("Step one. Step two.")
	})

	it("streams tool calls: name and id first, then argument fragments over 7 chunks", async () => {
		const args = { command: "ls -la", cwd: "/tmp/ü", timeoutMs: 5000 }
		const turn = {
			toolCalls: [
				{ name: "run", arguments: args },
				{ id: "call_two", name: "noop", arguments: {} },
			],
			argumentChunks: 7,
		}
		const server = await start({ scenario: [turn, turn] })
		const { items } = await drain(await client(server).chat.completions.create(streamed))
		const calls = items.flatMap((c) => c.choices[0]?.delta.tool_calls ?? [])
		const firstForRun = calls[0]
		expect(firstForRun).toMatchObject({
			index: 0,
			type: "function",
			function: { name: "run", arguments: "" },
		})
		expect(firstForRun?.id).toMatch(/^call_/)
		const runFragments = calls.filter((c) => c.index === 0).slice(1)
		expect(runFragments).toHaveLength(7)
		expect(runFragments.every((c) => c.id === undefined && c.function?.name === undefined)).toBe(true)
		expect(runFragments.map((c) => c.function?.arguments).join("")).toBe(JSON.stringify(args))
		expect(items.at(-2)?.choices[0]?.finish_reason).toBe("tool_calls")

		const stream = client(server).chat.completions.stream(streamed)
		const final = await stream.finalChatCompletion()
		const toolCalls = final.choices[0]?.message.tool_calls ?? []
		expect(final.choices[0]?.finish_reason).toBe("tool_calls")
		expect(
			toolCalls.map((c) =>
				c.type === "function" ? [c.id, c.function.name, JSON.parse(c.function.arguments)] : [],
			),
		).toEqual([
			[expect.stringMatching(/^call_/), "run", args],
			["call_two", "noop", {}],
		])
	})

	it("answers stream:false with a chat.completion object", async () => {
		const server = await start({
			scenario: [
				{
					text: "Whole",
					reasoning: "thought",
					stopReason: "max_tokens",
					usage: { inputTokens: 4, outputTokens: 2 },
				},
			],
		})
		const completion = await client(server).chat.completions.create(ask)
		expect(completion.object).toBe("chat.completion")
		expect(completion.choices[0]).toMatchObject({
			finish_reason: "length",
			message: { role: "assistant", content: "Whole", reasoning_content: "thought" },
		})
		expect(completion.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 })
	})

	it("lists models", async () => {
		const server = await start({ models: ["gpt-a", "gpt-b"] })
		const ids = []
		for await (const model of client(server).models.list()) ids.push(model.id)
		expect(ids).toEqual(["gpt-a", "gpt-b"])
	})

	it("turns a scripted 429 into RateLimitError with retry-after", async () => {
		const server = await start({
			scenario: [{ error: { status: 429, retryAfter: 7, message: "Rate limit reached" } }],
		})
		const error = await client(server)
			.chat.completions.create(ask)
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(RateLimitError)
		const rateLimit = error as RateLimitError
		expect(rateLimit.status).toBe(429)
		expect(rateLimit.headers?.get("retry-after")).toBe("7")
		expect(rateLimit.message).toBe("429 Rate limit reached")
		expect(rateLimit.code).toBe("rate_limit_exceeded")
		expect(rateLimit.requestID).toMatch(/^req_/)
	})

	it("lets the SDK's own retry honour retry-after: 0 and succeed on the next turn", async () => {
		const server = await start({
			scenario: [{ error: { status: 429, retryAfter: 0 } }, { text: "second time lucky" }],
		})
		const began = Date.now()
		const completion = await client(server, 2).chat.completions.create(ask)
		expect(Date.now() - began).toBeLessThan(400)
		expect(completion.choices[0]?.message.content).toBe("second time lucky")
		expect(server.requests.map((r) => r.headers["x-stainless-retry-count"])).toEqual(["0", "1"])
	})

	it("turns a scripted 500 into InternalServerError", async () => {
		const server = await start({ scenario: [{ error: { status: 500 } }] })
		const error = await client(server)
			.chat.completions.create(ask)
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(InternalServerError)
		expect((error as InternalServerError).type).toBe("server_error")
	})

	it("surfaces a disconnect mid-stream after the earlier chunks arrived", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 3, disconnectAfterChunks: 3 }],
		})
		const { items, error } = await drain(await client(server).chat.completions.create(streamed))
		expect(items.map((c) => c.choices[0]?.delta.content)).toEqual(["", "ab", "cd"])
		expect(error).toBeInstanceOf(TypeError)
		expect((error as Error).message).toBe("terminated")
	})

	it("surfaces a malformed SSE data line as a SyntaxError", async () => {
		const server = await start({ scenario: [{ text: "abc", textChunks: 3, malformedChunkAfter: 2 }] })
		const { items, error } = await drain(await client(server).chat.completions.create(streamed))
		expect(items).toHaveLength(2)
		expect(error).toBeInstanceOf(SyntaxError)
	})

	it("surfaces an error object mid-stream as APIError", async () => {
		const server = await start({
			scenario: [{ text: "abc", textChunks: 3, streamError: { afterChunks: 2, message: "boom" } }],
		})
		const { items, error } = await drain(await client(server).chat.completions.create(streamed))
		expect(items).toHaveLength(2)
		expect(error).toBeInstanceOf(APIError)
		expect((error as APIError).message).toBe("boom")
	})

	it("answers an unknown route with NotFoundError and a malformed request with BadRequestError", async () => {
		const server = await start()
		const notFound = await client(server)
			.moderations.create({ model: "m", input: "x" })
			.catch((e: unknown) => e)
		expect(notFound).toBeInstanceOf(NotFoundError)
		expect((notFound as NotFoundError).message).toBe("404 Invalid URL (POST /v1/moderations)")

		const missingMessages = { model: "gpt-test" } as unknown as typeof ask
		const bad = await client(server)
			.chat.completions.create(missingMessages)
			.catch((e: unknown) => e)
		expect(bad).toBeInstanceOf(BadRequestError)
		expect((bad as BadRequestError).message).toBe("400 Missing required parameter: 'messages'.")
		expect((bad as BadRequestError).param).toBe("messages")
	})

	it("says the scenario is exhausted with a 500 the SDK does not retry", async () => {
		const server = await start()
		const error = await client(server, 2)
			.chat.completions.create(ask)
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(InternalServerError)
		expect((error as Error).message).toMatch(/scenario is exhausted/)
		expect(server.requests).toHaveLength(1)
	})

	it("lets a function turn answer with the tool message it received", async () => {
		const server = await start({
			scenario: [
				{ toolCalls: [{ id: "call_1", name: "read", arguments: { path: "a" } }] },
				({ request }) => ({ text: `got ${lastToolResult(request)}` }),
			],
		})
		const openai = client(server)
		const first = await openai.chat.completions.create(ask)
		const second = await openai.chat.completions.create({
			...ask,
			messages: [
				...ask.messages,
				first.choices[0]!.message,
				{ role: "tool", tool_call_id: "call_1", content: "contents of a" },
			],
		})
		expect(second.choices[0]?.message.content).toBe("got contents of a")
	})

	it("records the authorization header, tools and stream_options", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		const tools = [
			{
				type: "function" as const,
				function: { name: "ls", parameters: { type: "object", properties: {} } },
			},
		]
		await drain(await client(server).chat.completions.create({ ...streamed, tools }))
		const [recorded] = server.requests
		expect(recorded).toMatchObject({
			method: "POST",
			path: "/v1/chat/completions",
			provider: "openai",
			route: "chat",
		})
		expect(recorded?.headers.authorization).toBe("Bearer sk-test")
		expect(recorded?.body).toMatchObject({ tools, stream_options: { include_usage: true } })
	})
})
