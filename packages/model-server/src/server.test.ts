import Anthropic, { InternalServerError } from "@anthropic-ai/sdk"
import OpenAI from "openai"
import { describe, expect, it } from "vitest"
import { startModelServer } from "./server.js"
import { drain, useModelServers } from "./test-support/servers.js"

const start = useModelServers()

const anthropicAsk = { model: "m", max_tokens: 10, messages: [{ role: "user" as const, content: "x" }] }

describe("startModelServer", () => {
	it("listens on 127.0.0.1 with a free port and exposes the SDK base URLs", async () => {
		const server = await start()
		expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
		expect(server.port).toBeGreaterThan(0)
		expect(server.anthropicBaseURL).toBe(server.url)
		expect(server.openaiBaseURL).toBe(`${server.url}/v1`)
		expect(server.ollamaHost).toBe(server.url)
	})

	it("closes itself when its lifetime ends", async () => {
		const server = await start({ lifetimeMs: 50 })
		await server.closed
		await expect(fetch(`${server.url}/v1/models`)).rejects.toThrow(TypeError)
	})

	it("answers maxRequests requests, refuses the next with a no-retry 503 and closes", async () => {
		const server = await start({
			maxRequests: 2,
			scenario: [{ text: "a" }, { text: "b" }, { text: "c" }],
		})
		const openai = new OpenAI({
			apiKey: "k",
			baseURL: server.openaiBaseURL,
			maxRetries: 2,
			logLevel: "off",
		})
		const ask = { model: "m", messages: [{ role: "user" as const, content: "x" }] }
		expect((await openai.chat.completions.create(ask)).choices[0]?.message.content).toBe("a")
		expect((await openai.chat.completions.create(ask)).choices[0]?.message.content).toBe("b")
		const refused = await openai.chat.completions.create(ask).catch((e: unknown) => e)
		expect(refused).toBeInstanceOf(OpenAI.InternalServerError)
		expect((refused as Error).message).toMatch(/maxRequests \(2\) reached/)
		await server.closed
		expect(server.requests).toHaveLength(2)
		expect(server.remainingTurns).toBe(1)
	})

	it("answers an exhausted scenario with a provider-shaped 500 the SDK does not retry", async () => {
		const server = await start({ scenario: [{ text: "only" }] })
		const anthropic = new Anthropic({ apiKey: "k", baseURL: server.anthropicBaseURL, logLevel: "off" })
		await anthropic.messages.create(anthropicAsk)
		const error = await anthropic.messages.create(anthropicAsk).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(InternalServerError)
		expect((error as InternalServerError).apiMessage).toMatch(
			/scenario is exhausted \(1 turn\(s\) served\)/,
		)
		expect(server.requests).toHaveLength(2)
	})

	it("records raw text for a body that is not JSON and answers in the provider's error shape", async () => {
		const server = await start({ scenario: [{ text: "unused" }] })
		const anthropic = await fetch(`${server.url}/v1/messages`, { method: "POST", body: "{not json" })
		expect(anthropic.status).toBe(400)
		expect(anthropic.headers.get("request-id")).toMatch(/^req_/)
		expect(await anthropic.json()).toMatchObject({
			type: "error",
			error: { type: "invalid_request_error" },
		})
		const openai = await fetch(`${server.url}/v1/chat/completions`, { method: "POST", body: "[" })
		expect(await openai.json()).toEqual({
			error: {
				message: expect.stringMatching(/could not parse the JSON body/),
				type: "invalid_request_error",
				param: null,
				code: null,
			},
		})
		const ollama = await fetch(`${server.url}/api/chat`, { method: "POST", body: "nope" })
		expect(await ollama.json()).toEqual({ error: expect.stringMatching(/^invalid JSON/) })
		expect(server.requests.map((r) => [r.provider, r.body, r.rawBody])).toEqual([
			["anthropic", undefined, "{not json"],
			["openai", undefined, "["],
			["ollama", undefined, "nope"],
		])
		expect(server.remainingTurns).toBe(1)
	})

	it("decides the provider of unknown routes by path prefix and the anthropic-version header", async () => {
		const server = await start()
		const get = (path: string, headers: Record<string, string> = {}) =>
			fetch(`${server.url}${path}`, { headers }).then(async (r) => [r.status, await r.json()])
		expect(await get("/nowhere")).toEqual([
			404,
			{ error: expect.objectContaining({ message: "Invalid URL (GET /nowhere)" }) },
		])
		expect(await get("/v1/nowhere", { "anthropic-version": "2023-06-01" })).toEqual([
			404,
			expect.objectContaining({
				type: "error",
				error: { type: "not_found_error", message: "Not Found: GET /v1/nowhere" },
			}),
		])
		expect(await get("/api/nowhere")).toEqual([404, { error: "404 page not found" }])
		expect(await get("/v1/models", { "anthropic-version": "2023-06-01" })).toEqual([
			200,
			expect.objectContaining({ has_more: false }),
		])
		expect(await get("/models")).toEqual([200, expect.objectContaining({ object: "list" })])
	})

	it("serves enqueued turns, and reset replaces turns and forgets requests", async () => {
		const server = await start({ scenario: [{ text: "one" }] })
		server.enqueue({ text: "two" })
		const openai = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0 })
		const ask = { model: "m", messages: [{ role: "user" as const, content: "x" }] }
		expect((await openai.chat.completions.create(ask)).choices[0]?.message.content).toBe("one")
		server.reset([{ text: "three" }])
		expect(server.requests).toEqual([])
		expect((await openai.chat.completions.create(ask)).choices[0]?.message.content).toBe("three")
		expect(server.requests).toHaveLength(1)
		expect(server.requests[0]?.turn).toBe(0)
	})

	it("measures chat requests against a window only while one is set, and refuses a bad one", async () => {
		await expect(startModelServer({ contextWindow: 0 })).rejects.toThrow(RangeError)
		const server = await start({ scenario: [{ text: "a" }, { text: "b" }] })
		const openai = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0 })
		const ask = { model: "m", messages: [{ role: "user" as const, content: "hello world" }] }
		await openai.chat.completions.create(ask)
		server.setContextWindow(100)
		expect(server.contextWindow).toBe(100)
		await openai.chat.completions.create(ask)
		expect(server.requests.map((r) => r.inputTokens)).toEqual([undefined, 5])
		expect(() => server.setContextWindow(1.5)).toThrow(/positive integer/)
		server.setContextWindow(undefined)
		expect(server.contextWindow).toBeUndefined()
	})

	it("waits chunkDelayMs before each chunk", async () => {
		const server = await start({ scenario: [{ text: "abcd", textChunks: 4, chunkDelayMs: 25 }] })
		const openai = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0 })
		const began = Date.now()
		const stream = await openai.chat.completions.create({ model: "m", messages: [], stream: true })
		const { items } = await drain(stream)
		// role chunk + 4 text chunks + finish chunk + [DONE] = 7 delays.
		expect(items).toHaveLength(6)
		expect(Date.now() - began).toBeGreaterThanOrEqual(7 * 25 - 5)
	})

	it("fails a turn whose function throws with a no-retry 500 naming the turn", async () => {
		const server = await start({
			scenario: [
				() => {
					throw new Error("bad script")
				},
			],
		})
		const res = await fetch(`${server.url}/api/chat`, {
			method: "POST",
			body: JSON.stringify({ model: "m", messages: [] }),
		})
		expect(res.status).toBe(500)
		expect(res.headers.get("x-should-retry")).toBe("false")
		expect(await res.json()).toEqual({
			error: "cairn-model-server: turn function #0 threw: Error: bad script",
		})
	})

	it("cuts open streams on close()", async () => {
		const server = await startModelServer({
			scenario: [{ text: "abc", textChunks: 3, chunkDelayMs: 5_000 }],
		})
		const openai = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0 })
		const stream = await openai.chat.completions.create({ model: "m", messages: [], stream: true })
		const pending = drain(stream)
		await server.close()
		const { error } = await pending
		expect(error).toBeInstanceOf(Error)
	})
})
