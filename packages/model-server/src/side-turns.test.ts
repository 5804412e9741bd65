import Anthropic, { InternalServerError } from "@anthropic-ai/sdk"
import { Ollama } from "ollama"
import OpenAI from "openai"
import { describe, expect, it } from "vitest"
import { lastUserText, systemText } from "./request-text.js"
import type { SideTurn } from "./scenario.js"
import type { ModelServer } from "./server.js"
import { useModelServers } from "./test-support/servers.js"

const start = useModelServers()

const summarize: SideTurn = {
	when: { systemIncludes: "You summarize conversations" },
	turn: { text: "<summary>so far</summary>" },
}

function anthropic(server: ModelServer): Anthropic {
	return new Anthropic({ apiKey: "k", baseURL: server.anthropicBaseURL, maxRetries: 0, logLevel: "off" })
}

const task = {
	model: "m",
	max_tokens: 100,
	system: "You are Cairn.",
	messages: [{ role: "user" as const, content: "go" }],
}
const condense = { ...task, system: "You summarize conversations for Cairn." }

const text = (message: Anthropic.Message) =>
	message.content.map((b) => (b.type === "text" ? b.text : "")).join("")

describe("side turns", () => {
	it("answer matching requests whenever they come, without taking or using up a scenario turn", async () => {
		const server = await start({ scenario: [{ text: "one" }, { text: "two" }], sideTurns: [summarize] })
		expect(text(await anthropic(server).messages.create(task))).toBe("one")
		expect(text(await anthropic(server).messages.create(condense))).toBe("<summary>so far</summary>")
		expect(text(await anthropic(server).messages.create(condense))).toBe("<summary>so far</summary>")
		expect(text(await anthropic(server).messages.create(task))).toBe("two")
		expect(server.requests.map((r) => [r.turn, r.sideTurn])).toEqual([
			[0, undefined],
			[undefined, 0],
			[undefined, 0],
			[1, undefined],
		])
		expect(server.remainingTurns).toBe(0)
	})

	it("match on the last user message of OpenAI and Ollama requests; every condition must hold", async () => {
		const sideTurns: SideTurn[] = [
			{ when: { systemIncludes: "Cairn", lastUserIncludes: "Summarize" }, turn: { text: "both" } },
			{ when: { lastUserIncludes: "Summarize" }, turn: { text: "user only" } },
		]
		const server = await start({ sideTurns })
		const openai = new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL, maxRetries: 0 })
		const messages = [
			{ role: "system" as const, content: "You are Cairn." },
			{ role: "user" as const, content: "earlier" },
			{ role: "assistant" as const, content: "ok" },
			{
				role: "user" as const,
				content: [{ type: "text" as const, text: "Summarize the conversation." }],
			},
		]
		const completion = await openai.chat.completions.create({ model: "m", messages })
		expect(completion.choices[0]?.message.content).toBe("both")
		const ollama = await new Ollama({ host: server.ollamaHost }).chat({
			model: "m",
			messages: [{ role: "user", content: "Summarize it." }],
		})
		expect(ollama.message.content).toBe("user only")
		expect(server.requests.map((r) => r.sideTurn)).toEqual([0, 1])
	})

	it("can be functions of the request, and can fail it", async () => {
		const server = await start({
			sideTurns: [
				{
					when: { lastUserIncludes: "fail" },
					turn: { error: { status: 500, message: "summarizer down" } },
				},
				{ when: {}, turn: ({ request }) => ({ text: `saw ${lastUserText(request.body)}` }) },
			],
		})
		expect(text(await anthropic(server).messages.create(task))).toBe("saw go")
		const failing = { ...task, messages: [{ role: "user" as const, content: "fail please" }] }
		const error = await anthropic(server)
			.messages.create(failing)
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(InternalServerError)
		expect((error as InternalServerError).message).toContain("summarizer down")
	})

	it("name a side turn whose function throws", async () => {
		const server = await start({
			sideTurns: [
				{
					when: {},
					turn: () => {
						throw new Error("bad side script")
					},
				},
			],
		})
		const error = await anthropic(server)
			.messages.create(task)
			.catch((e: unknown) => e)
		expect((error as InternalServerError).message).toContain("side turn #0 threw: Error: bad side script")
	})

	it("are measured against the context window like any request", async () => {
		const server = await start({ contextWindow: 10, sideTurns: [summarize] })
		const long = {
			...condense,
			messages: [{ role: "user" as const, content: "a long conversation ".repeat(5) }],
		}
		const error = await anthropic(server)
			.messages.create(long)
			.catch((e: unknown) => e)
		expect((error as Error).message).toMatch(/prompt is too long/)
		expect(server.requests[0]).toMatchObject({ contextOverflow: "refused" })
		expect(server.requests[0]?.sideTurn).toBeUndefined()
	})

	it("are replaced by setSideTurns, and by reset when it is given settings", async () => {
		const server = await start({ scenario: [{ text: "main" }], sideTurns: [summarize] })
		server.setSideTurns([{ when: { systemIncludes: "summarize" }, turn: { text: "new side" } }])
		expect(text(await anthropic(server).messages.create(condense))).toBe("new side")
		server.reset([{ text: "after reset" }])
		expect(text(await anthropic(server).messages.create(condense))).toBe("new side")
		server.reset([{ text: "after reset" }], { contextWindow: 1_000 })
		expect(text(await anthropic(server).messages.create(condense))).toBe("after reset")
		expect(server.contextWindow).toBe(1_000)
	})
})

describe("request text for matching", () => {
	it("reads the system prompt and the last user message's text in each format", () => {
		expect(
			systemText({
				system: [
					{ type: "text", text: "a" },
					{ type: "text", text: "b" },
				],
			}),
		).toBe("a\nb")
		expect(
			systemText({
				messages: [
					{ role: "developer", content: "d" },
					{ role: "system", content: [{ type: "text", text: "s" }] },
				],
			}),
		).toBe("d\ns")
		const anthropicUser = {
			messages: [
				{
					role: "user",
					content: [
						{ type: "tool_result", tool_use_id: "t", content: "not this" },
						{ type: "text", text: "this" },
					],
				},
				{ role: "assistant", content: "later but not a user" },
			],
		}
		expect(lastUserText(anthropicUser)).toBe("this")
		expect(lastUserText({ messages: [] })).toBe("")
		expect(systemText(undefined)).toBe("")
	})
})
