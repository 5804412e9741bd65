import Anthropic, {
	AnthropicError,
	APIError,
	BadRequestError,
	InternalServerError,
	NotFoundError,
	RateLimitError,
} from "@anthropic-ai/sdk"
import { describe, expect, it } from "vitest"
import { lastToolResult } from "../request-helpers.js"
import type { ModelServer } from "../server.js"
import { drain, useModelServers } from "../test-support/servers.js"

const start = useModelServers()

function client(server: ModelServer, maxRetries = 0): Anthropic {
	return new Anthropic({
		apiKey: "sk-ant-test",
		baseURL: server.anthropicBaseURL,
		maxRetries,
		logLevel: "off",
	})
}

const ask = { model: "claude-test", max_tokens: 1024, messages: [{ role: "user" as const, content: "hi" }] }

describe("Anthropic Messages API through @anthropic-ai/sdk", () => {
	it("streams text in chunks and reports usage (messages.stream + finalMessage)", async () => {
		const server = await start({
			scenario: [
				{
					text: "Hello from the scripted model",
					textChunks: 5,
					usage: {
						inputTokens: 120,
						outputTokens: 7,
						cacheCreationInputTokens: 30,
						cacheReadInputTokens: 400,
					},
				},
			],
		})
		const stream = client(server).messages.stream(ask)
		const deltas: string[] = []
		stream.on("text", (delta) => deltas.push(delta))
		const message = await stream.finalMessage()
		expect(deltas).toHaveLength(5)
		expect(deltas.join("")).toBe("Hello from the scripted model")
		expect(message.content).toEqual([{ type: "text", text: "Hello from the scripted model" }])
		expect(message.model).toBe("claude-test")
		expect(message.stop_reason).toBe("end_turn")
		expect(message.usage).toMatchObject({
			input_tokens: 120,
			output_tokens: 7,
			cache_creation_input_tokens: 30,
			cache_read_input_tokens: 400,
		})
	})

	it("streams thinking with a signature, then text, as raw events in the documented order", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "Let me think it over.",
					reasoningChunks: 3,
					reasoningSignature: "sig-1",
					text: "Done.",
				},
			],
		})
		const events = await client(server).messages.create({ ...ask, stream: true })
		const { items, error } = await drain(events)
		expect(error).toBeUndefined()
		expect(
			items.map((e) => (e.type === "content_block_delta" ? `${e.type}:${e.delta.type}` : e.type)),
		).toEqual([
			"message_start",
			"content_block_start",
			"content_block_delta:thinking_delta",
			"content_block_delta:thinking_delta",
			"content_block_delta:thinking_delta",
			"content_block_delta:signature_delta",
			"content_block_stop",
			"content_block_start",
			"content_block_delta:text_delta",
			"content_block_stop",
			"message_delta",
			"message_stop",
		])
		const start0 = items[0]
		expect(start0?.type === "message_start" && start0.message.usage).toMatchObject({
			cache_creation_input_tokens: 0,
			cache_read_input_tokens: 0,
		})

		server.enqueue({ reasoning: "Hmm.", reasoningChunks: 2, reasoningSignature: "sig-2", text: "Yes." })
		const message = await client(server).messages.stream(ask).finalMessage()
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Hmm.", signature: "sig-2" },
			{ type: "text", text: "Yes." },
		])
	})

	it("streams a tool call whose JSON arguments are split over 7 chunks", async () => {
		const args = {
			path: "src/main.ts",
			content: 'console.log("ünïcode ✓")\n',
			line: 42,
			flags: [true, null],
		}
		const server = await start({
			scenario: [
				{
					text: "Writing.",
					toolCalls: [{ id: "toolu_fixed", name: "write_file", arguments: args }],
					argumentChunks: 7,
				},
			],
		})
		const raw = await drain(await client(server).messages.create({ ...ask, stream: true }))
		const fragments = raw.items.flatMap((e) =>
			e.type === "content_block_delta" && e.delta.type === "input_json_delta"
				? [e.delta.partial_json]
				: [],
		)
		expect(fragments).toHaveLength(7)
		expect(fragments.join("")).toBe(JSON.stringify(args))

		server.enqueue({ toolCalls: [{ name: "write_file", arguments: args }], argumentChunks: 7 })
		const message = await client(server).messages.stream(ask).finalMessage()
		expect(message.stop_reason).toBe("tool_use")
		expect(message.content).toEqual([
			{ type: "tool_use", id: expect.stringMatching(/^toolu_/), name: "write_file", input: args },
		])
	})

	it("answers stream:false with a whole Message", async () => {
		const server = await start({
			scenario: [
				{
					text: "Plain.",
					toolCalls: [{ name: "ls", arguments: { dir: "." } }],
					stopReason: "max_tokens",
					usage: { outputTokens: 3 },
				},
			],
		})
		const message = await client(server).messages.create(ask)
		expect(message).toMatchObject({
			type: "message",
			role: "assistant",
			stop_reason: "max_tokens",
			content: [
				{ type: "text", text: "Plain." },
				{ type: "tool_use", name: "ls", input: { dir: "." } },
			],
			usage: { output_tokens: 3, cache_read_input_tokens: 0 },
		})
	})

	it("turns a scripted 429 into RateLimitError with the retry-after header", async () => {
		const server = await start({
			scenario: [{ error: { status: 429, retryAfter: 3, message: "slow down" } }],
		})
		const error = await client(server)
			.messages.create(ask)
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(RateLimitError)
		const rateLimit = error as RateLimitError
		expect(rateLimit.status).toBe(429)
		expect(rateLimit.headers?.get("retry-after")).toBe("3")
		expect(rateLimit.type).toBe("rate_limit_error")
		expect(rateLimit.apiMessage).toBe("slow down")
		expect(rateLimit.requestID).toMatch(/^req_/)
	})

	it("lets the SDK's own retry honour retry-after and succeed on the next turn", async () => {
		const server = await start({
			scenario: [{ error: { status: 429, retryAfter: 1 } }, { text: "after the wait" }],
		})
		const began = Date.now()
		const message = await client(server, 2).messages.stream(ask).finalMessage()
		expect(Date.now() - began).toBeGreaterThanOrEqual(950)
		expect(message.content).toEqual([{ type: "text", text: "after the wait" }])
		expect(server.requests).toHaveLength(2)
	})

	it("turns a scripted 500 into InternalServerError", async () => {
		const server = await start({ scenario: [{ error: { status: 500 } }] })
		const error = await client(server)
			.messages.create(ask)
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(InternalServerError)
		expect((error as InternalServerError).type).toBe("api_error")
	})

	it("surfaces a disconnect mid-stream after the earlier events arrived", async () => {
		// message_start, ping, content_block_start, 2 text deltas, then the socket is destroyed.
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 3, disconnectAfterChunks: 5 }],
		})
		const raw = await drain(await client(server).messages.create({ ...ask, stream: true }))
		expect(raw.items.map((e) => e.type)).toEqual([
			"message_start",
			"content_block_start",
			"content_block_delta",
			"content_block_delta",
		])
		expect(raw.error).toBeInstanceOf(TypeError)
		expect((raw.error as Error).message).toBe("terminated")

		server.enqueue({ text: "abcdef", textChunks: 3, disconnectAfterChunks: 5 })
		const stream = client(server).messages.stream(ask)
		const seen: string[] = []
		stream.on("text", (t) => seen.push(t))
		const helperError = await stream.finalMessage().catch((e: unknown) => e)
		expect(seen).toEqual(["ab", "cd"])
		expect(helperError).toBeInstanceOf(AnthropicError)
		expect((helperError as Error).cause).toBeInstanceOf(TypeError)
	})

	it("surfaces a malformed SSE data line as the SyntaxError of the SDK's JSON.parse", async () => {
		const server = await start({ scenario: [{ text: "abc", textChunks: 3, malformedChunkAfter: 4 }] })
		const raw = await drain(await client(server).messages.create({ ...ask, stream: true }))
		expect(raw.items).toHaveLength(3)
		expect(raw.error).toBeInstanceOf(SyntaxError)
	})

	it("surfaces an error event mid-stream (overloaded_error) as APIError", async () => {
		const server = await start({
			scenario: [{ text: "abc", textChunks: 3, streamError: { afterChunks: 4 } }],
		})
		const raw = await drain(await client(server).messages.create({ ...ask, stream: true }))
		expect(raw.items).toHaveLength(3)
		expect(raw.error).toBeInstanceOf(APIError)
		expect((raw.error as APIError).type).toBe("overloaded_error")
		expect((raw.error as APIError).apiMessage).toBe("Overloaded")
	})

	it("answers an unknown route with NotFoundError and a malformed request with BadRequestError", async () => {
		const server = await start()
		const notFound = await client(server)
			.messages.countTokens(ask)
			.catch((e: unknown) => e)
		expect(notFound).toBeInstanceOf(NotFoundError)
		expect((notFound as NotFoundError).type).toBe("not_found_error")
		expect((notFound as NotFoundError).apiMessage).toBe("Not Found: POST /v1/messages/count_tokens")
		expect((notFound as NotFoundError).requestID).toMatch(/^req_/)

		const missingMessages = { model: "claude-test", max_tokens: 5 } as unknown as typeof ask
		const bad = await client(server)
			.messages.create(missingMessages)
			.catch((e: unknown) => e)
		expect(bad).toBeInstanceOf(BadRequestError)
		expect((bad as BadRequestError).apiMessage).toBe("messages: Field required")
		expect(server.remainingTurns).toBe(0)
		expect(server.requests.map((r) => [r.provider, r.route])).toEqual([
			["anthropic", "unknown"],
			["anthropic", "chat"],
		])
	})

	it("lets a function turn answer with the tool_result it received", async () => {
		const server = await start({
			scenario: [
				{ toolCalls: [{ id: "toolu_1", name: "read_file", arguments: { path: "a.txt" } }] },
				({ request, requests }) => ({
					text: `You said: ${lastToolResult(request)} (request ${requests.length})`,
				}),
			],
		})
		const anthropic = client(server)
		const first = await anthropic.messages.stream(ask).finalMessage()
		const second = await anthropic.messages
			.stream({
				...ask,
				messages: [
					...ask.messages,
					{ role: "assistant", content: first.content },
					{
						role: "user",
						content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "file body 123" }],
					},
				],
			})
			.finalText()
		expect(second).toBe("You said: file body 123 (request 2)")
	})

	it("records headers and body for assertions, and lists models in Anthropic's shape", async () => {
		const server = await start({ scenario: [{ text: "ok" }], models: ["claude-a", "claude-b"] })
		const anthropic = client(server)
		const tools = [
			{ name: "ls", description: "list", input_schema: { type: "object" as const, properties: {} } },
		]
		await anthropic.messages.create({ ...ask, tools, stream: true }).then(drain)
		const [recorded] = server.requests
		expect(recorded).toMatchObject({
			method: "POST",
			path: "/v1/messages",
			provider: "anthropic",
			route: "chat",
			turn: 0,
		})
		// This SDK version sends the API key as a bearer token, not as x-api-key.
		expect(recorded?.headers.authorization).toBe("Bearer sk-ant-test")
		expect(recorded?.headers["anthropic-version"]).toBeDefined()
		expect(recorded?.body).toMatchObject({ tools, stream: true })
		expect(typeof recorded?.timestamp).toBe("number")

		const models = []
		for await (const model of anthropic.models.list()) models.push(model.id)
		expect(models).toEqual(["claude-a", "claude-b"])
	})
})
