import { Ollama } from "ollama"
import type { ChatResponse } from "ollama"
import { describe, expect, it, vi } from "vitest"
import { lastToolResult } from "../request-helpers.js"
import type { ModelServer } from "../server.js"
import { drain, useModelServers } from "../test-support/servers.js"

const start = useModelServers()

function client(server: ModelServer): Ollama {
	return new Ollama({ host: server.ollamaHost })
}

const ask = { model: "llama-test", messages: [{ role: "user", content: "hi" }] }

async function expectResponseError(
	promise: Promise<unknown>,
): Promise<{ name: string; status_code: number; error: string }> {
	const error = await promise.catch((e: unknown) => e)
	// ollama-js does not export ResponseError, so it is recognised by name and fields.
	expect(error).toBeInstanceOf(Error)
	expect((error as Error).name).toBe("ResponseError")
	return error as { name: string; status_code: number; error: string }
}

describe("Ollama /api/chat through ollama-js", () => {
	it("streams thinking and text as NDJSON, ending with a done line carrying the counts", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "pondering",
					reasoningChunks: 2,
					text: "Hi there",
					textChunks: 3,
					usage: { inputTokens: 11, outputTokens: 5 },
				},
			],
		})
		const { items, error } = await drain(await client(server).chat({ ...ask, stream: true }))
		expect(error).toBeUndefined()
		expect(items.map((p) => p.message.thinking ?? "").join("")).toBe("pondering")
		expect(items.filter((p) => p.message.thinking)).toHaveLength(2)
		expect(items.map((p) => p.message.content).join("")).toBe("Hi there")
		expect(items.filter((p) => p.message.content)).toHaveLength(3)
		expect(items.slice(0, -1).every((p) => !p.done)).toBe(true)
		const last = items.at(-1) as ChatResponse
		expect(last).toMatchObject({
			done: true,
			done_reason: "stop",
			prompt_eval_count: 11,
			eval_count: 5,
			model: "llama-test",
		})
		expect(last.total_duration).toBeGreaterThan(0)
		expect(server.requests[0]?.headers["content-type"]).toBe("application/json")
	})

	it("sends tool calls whole, with arguments as an object", async () => {
		const args = { path: "x.ts", lines: [1, 2] }
		const server = await start({
			scenario: [{ toolCalls: [{ name: "read", arguments: args }], argumentChunks: 7 }],
		})
		const { items } = await drain(await client(server).chat({ ...ask, stream: true }))
		const withCalls = items.filter((p) => p.message.tool_calls?.length)
		expect(withCalls).toHaveLength(1)
		expect(withCalls[0]?.message.tool_calls).toEqual([
			{ id: expect.stringMatching(/^call_/), function: { index: 0, name: "read", arguments: args } },
		])
	})

	it("answers stream:false with one whole response and lists tags", async () => {
		const server = await start({
			scenario: [{ text: "whole", reasoning: "r", stopReason: "max_tokens" }],
			models: ["llama-a"],
		})
		const response = await client(server).chat({ ...ask, stream: false })
		expect(response).toMatchObject({
			done: true,
			done_reason: "length",
			message: { role: "assistant", content: "whole", thinking: "r" },
		})
		const tags = await client(server).list()
		expect(tags.models.map((m) => m.name)).toEqual(["llama-a"])
	})

	it("defaults to streaming when the request leaves `stream` out, as Ollama does", async () => {
		const server = await start({ scenario: [{ text: "ab", textChunks: 2 }] })
		const res = await fetch(`${server.ollamaHost}/api/chat`, {
			method: "POST",
			body: JSON.stringify(ask),
		})
		expect(res.headers.get("content-type")).toBe("application/x-ndjson")
		expect((await res.text()).trim().split("\n")).toHaveLength(3)
	})

	it("turns a scripted 429 and 500 into ResponseError with status_code and our message", async () => {
		const server = await start({
			scenario: [
				{ error: { status: 429, retryAfter: 1, message: "too many" } },
				{ error: { status: 500 } },
			],
		})
		const limited = await expectResponseError(client(server).chat({ ...ask, stream: true }))
		expect(limited.status_code).toBe(429)
		expect(limited.error).toBe("too many")
		const failed = await expectResponseError(client(server).chat(ask))
		expect(failed.status_code).toBe(500)
	})

	it("surfaces a disconnect mid-stream after the earlier lines arrived", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 3, disconnectAfterChunks: 2 }],
		})
		const { items, error } = await drain(await client(server).chat({ ...ask, stream: true }))
		expect(items.map((p) => p.message.content)).toEqual(["ab", "cd"])
		expect(error).toBeInstanceOf(TypeError)
		expect((error as Error).message).toBe("terminated")
	})

	it("shows that ollama-js skips a malformed NDJSON line with a warning rather than throwing", async () => {
		const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
		try {
			const server = await start({ scenario: [{ text: "abc", textChunks: 3, malformedChunkAfter: 1 }] })
			const { items, error } = await drain(await client(server).chat({ ...ask, stream: true }))
			expect(error).toBeUndefined()
			expect(items.map((p) => p.message.content).join("")).toBe("abc")
			expect(warn).toHaveBeenCalledWith(
				"invalid json: ",
				expect.stringContaining('"message":{"role":"assist'),
			)
		} finally {
			warn.mockRestore()
		}
	})

	it("surfaces an error line mid-stream as an Error with its message", async () => {
		const server = await start({
			scenario: [
				{ text: "abc", textChunks: 3, streamError: { afterChunks: 1, message: "model crashed" } },
			],
		})
		const { items, error } = await drain(await client(server).chat({ ...ask, stream: true }))
		expect(items).toHaveLength(1)
		expect(error).toBeInstanceOf(Error)
		expect((error as Error).message).toBe("model crashed")
	})

	it("answers an unknown route with 404 and a request without model with 400", async () => {
		const server = await start()
		const notFound = await expectResponseError(client(server).ps())
		expect(notFound.status_code).toBe(404)
		expect(notFound.error).toBe("404 page not found")
		const bad = await expectResponseError(
			client(server).chat({ messages: ask.messages } as unknown as typeof ask),
		)
		expect(bad.status_code).toBe(400)
		expect(bad.error).toBe("model is required")
		expect(server.requests.map((r) => [r.provider, r.route, r.path])).toEqual([
			["ollama", "unknown", "/api/ps"],
			["ollama", "chat", "/api/chat"],
		])
	})

	it("lets a function turn answer with the tool message it received", async () => {
		const server = await start({
			scenario: [
				{ toolCalls: [{ name: "read", arguments: {} }] },
				({ request }) => ({ text: `saw ${lastToolResult(request)}` }),
			],
		})
		const ollama = client(server)
		const first = await ollama.chat(ask)
		const second = await ollama.chat({
			...ask,
			messages: [
				...ask.messages,
				first.message,
				{ role: "tool", content: "tool output", tool_name: "read" },
			],
		})
		expect(second.message.content).toBe("saw tool output")
	})
})
