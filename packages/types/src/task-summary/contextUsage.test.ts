import { describe, expect, it } from "vitest"
import { apiRequest, finishedRequest, say } from "../test-support/messages.js"
import { contextUsageOf } from "./contextUsage.js"

const condensed = (newContextTokens: number, extra = {}) =>
	say("condense_context", undefined, {
		contextCondense: { cost: 0.01, prevContextTokens: 90_000, newContextTokens, summary: "S" },
		...extra,
	})

describe("how full the context window is", () => {
	it("says nothing before a request reported usage", () => {
		expect(contextUsageOf([])).toEqual({ condensing: false })
		expect(
			contextUsageOf([say("text", "task"), apiRequest({ request: "r", contextWindow: 128_000 })]),
		).toEqual({ window: 128_000, condensing: false })
	})

	it("takes the window and what it kept free for the answer from the newest request", () => {
		const messages = [
			say("text", "task"),
			finishedRequest({
				tokensIn: 1000,
				tokensOut: 300,
				contextWindow: 200_000,
				outputReserve: 32_000,
			}),
			apiRequest({ request: "r", contextWindow: 128_000, outputReserve: 8_192 }),
		]
		expect(contextUsageOf(messages)).toEqual({
			tokens: 1300,
			window: 128_000,
			reserved: 8_192,
			condensing: false,
		})
	})

	it("counts the newest finished request's context: sent, cached and answered", () => {
		const messages = [
			say("text", "task"),
			finishedRequest({ tokensIn: 1000, tokensOut: 100 }),
			say("text", "answer"),
			finishedRequest({ tokensIn: 2000, tokensOut: 300, cacheReads: 5000, cacheWrites: 700 }),
		]
		expect(contextUsageOf(messages).tokens).toBe(8000)
	})

	it("a request still streaming has no usage yet: the one before it stands", () => {
		const messages = [
			say("text", "task"),
			finishedRequest({ tokensIn: 1000, tokensOut: 0 }),
			apiRequest(),
		]
		expect(contextUsageOf(messages).tokens).toBe(1000)
	})

	it("goes down after a condense, and follows the next finished request after that", () => {
		const before = [
			say("text", "task"),
			finishedRequest({ tokensIn: 90_000, tokensOut: 0 }),
			condensed(12_000),
		]
		expect(contextUsageOf(before).tokens).toBe(12_000)
		expect(contextUsageOf([...before, apiRequest()]).tokens).toBe(12_000)
		expect(
			contextUsageOf([...before, finishedRequest({ tokensIn: 14_000, tokensOut: 500 })]).tokens,
		).toBe(14_500)
	})

	it("takes the window from the newest request, which may differ from older ones", () => {
		const messages = [
			say("text", "task"),
			finishedRequest({ contextWindow: 8000 }),
			condensed(100),
			finishedRequest({ contextWindow: 32_000 }),
		]
		expect(contextUsageOf(messages).window).toBe(32_000)
		expect(contextUsageOf([...messages, apiRequest({ request: "r" })]).window).toBeUndefined()
	})

	it("knows a condense is under way while its row is partial", () => {
		const messages = [say("text", "task"), finishedRequest()]
		const writing = say("condense_context", undefined, { partial: true })
		expect(contextUsageOf([...messages, writing]).condensing).toBe(true)
		expect(contextUsageOf([...messages, { ...writing, partial: false }]).condensing).toBe(false)
		expect(contextUsageOf([...messages, condensed(10)]).condensing).toBe(false)
	})

	it("tells the newest request's figures are an estimate while they are, and its least input price", () => {
		const streaming = apiRequest({
			request: "r",
			tokensIn: 900,
			tokensOut: 40,
			estimated: true,
			leastInputPrice: 0.3,
		})
		expect(
			contextUsageOf([say("text", "task"), finishedRequest({ estimated: true }), streaming]),
		).toMatchObject({
			tokens: 940,
			estimated: true,
			leastInputPrice: 0.3,
		})
		// The provider's own counts replace the estimate; an older estimate says nothing of the newest.
		const reported = finishedRequest({ tokensIn: 1_000, tokensOut: 50, leastInputPrice: 0.3 })
		expect(contextUsageOf([finishedRequest({ estimated: true }), reported])).toEqual({
			tokens: 1_050,
			condensing: false,
			leastInputPrice: 0.3,
		})
	})
})
