import type { ClineMessage, ExtensionMessage } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { TaskLedger } from "../ledger/taskLedger.js"
import { DeltaStream, partialUpdateIntervalMs } from "./deltaStream.js"

const provider = {
	name: "openrouter" as const,
	model: {
		id: "m",
		info: {
			contextWindow: 100_000,
			maxOutputTokens: 8_000,
			inputPrice: 0,
			outputPrice: 0,
			supportsImages: false,
			supportsPromptCache: false,
			supportsReasoning: false,
		},
	},
}

const text = (ts: number, body: string, partial?: boolean): ClineMessage => ({
	ts,
	type: "say",
	say: "text",
	text: body,
	...(partial !== undefined && { partial }),
})

describe("DeltaStream", () => {
	let sent: Extract<ExtensionMessage, { type: "messageUpdated" }>[]
	let stream: DeltaStream
	beforeEach(() => {
		vi.useFakeTimers()
		sent = []
		stream = new DeltaStream("t1", (m) => {
			if (m.type === "messageUpdated") sent.push(m)
		})
	})
	afterEach(() => vi.useRealTimers())

	it("sends a final message at once with seq 1, 2, 3", () => {
		stream.push(text(1, "a"))
		stream.push(text(2, "b"))
		expect(sent.map((m) => [m.seq, m.message.text])).toEqual([
			[1, "a"],
			[2, "b"],
		])
		expect(sent[0]?.taskId).toBe("t1")
	})

	it("coalesces streaming updates of one message: the latest wins, ~30 per second", () => {
		for (let i = 1; i <= 100; i++) stream.push(text(1, "x".repeat(i), true))
		expect(sent).toEqual([])
		vi.advanceTimersByTime(partialUpdateIntervalMs)
		expect(sent.map((m) => m.message.text?.length)).toEqual([100])
	})

	it("never lets a stale partial update follow the final one", () => {
		stream.push(text(1, "Hel", true))
		stream.push(text(1, "Hello", false))
		vi.advanceTimersByTime(1000)
		expect(sent.map((m) => [m.seq, m.message.text, m.message.partial])).toEqual([[1, "Hello", false]])
	})

	it("flushes other pending partial updates before a final message, keeping order", () => {
		stream.push(text(1, "streaming", true))
		stream.push(text(2, "api row done"))
		expect(sent.map((m) => m.message.ts)).toEqual([1, 2])
	})

	it("coalesces passing versions of a row with the streaming updates, never after the row's final version", () => {
		const usage = (ts: number, tokensOut: number): ClineMessage => ({
			ts,
			type: "say",
			say: "api_req_started",
			text: JSON.stringify({ tokensOut }),
		})
		stream.push(usage(1, 0))
		for (let i = 1; i <= 5; i++) {
			stream.push(usage(1, i * 10), true)
			stream.push(text(2, "x".repeat(i), true))
		}
		expect(sent.map((m) => m.message.text)).toEqual([JSON.stringify({ tokensOut: 0 })])
		stream.push(text(2, "xxxxx", false))
		stream.push(usage(1, 50), true)
		stream.push(usage(1, 55))
		vi.advanceTimersByTime(1000)
		expect(sent.map((m) => [m.seq, m.message.ts, m.message.text])).toEqual([
			[1, 1, JSON.stringify({ tokensOut: 0 })],
			[2, 1, JSON.stringify({ tokensOut: 50 })],
			[3, 2, "xxxxx"],
			[4, 1, JSON.stringify({ tokensOut: 55 })],
		])
	})

	it("sends a passing version on its own within the interval when nothing final follows", () => {
		stream.push(text(1, "row"), false)
		stream.push(text(1, "row, passing"), true)
		expect(sent.map((m) => m.message.text)).toEqual(["row"])
		vi.advanceTimersByTime(partialUpdateIntervalMs)
		expect(sent.map((m) => m.message.text)).toEqual(["row", "row, passing"])
	})

	it("drops pending partial updates when a snapshot replaces them", () => {
		stream.push(text(1, "abc", true))
		stream.discardPending()
		vi.advanceTimersByTime(1000)
		expect(sent).toEqual([])
		expect(stream.lastSeq).toBe(0)
	})
})

describe("DeltaStream of a task", () => {
	it("sends the summary with the delta that changed it, and a snapshot's page with it", () => {
		const sent: Extract<ExtensionMessage, { type: "messageUpdated" }>[] = []
		const messages: ClineMessage[] = Array.from({ length: 250 }, (_, i) => text(i + 1, `m${i}`))
		const ledger = new TaskLedger()
		const stream = DeltaStream.ofTask({ taskId: "t1", messages, ledger }, (m) => {
			if (m.type === "messageUpdated") sent.push(m)
		})
		const opening = stream.opening(messages)
		expect(opening.clineMessages).toHaveLength(200)
		expect(opening.olderMessages).toBe(50)
		expect(opening.summary?.totals.requests).toBe(0)

		const request: ClineMessage = { ts: 300, type: "say", say: "api_req_started", text: '{"cost":0.5}' }
		ledger.record(provider, { inputTokens: 10, outputTokens: 0, costUsd: 0.5 }, 0.5, "turn")
		messages.push(request)
		stream.push(request)
		const next = text(301, "done")
		messages.push(next)
		stream.push(next)
		expect(sent[0]?.summary?.totals).toMatchObject({ requests: 1, cost: 0.5 })
		expect(sent[1]?.summary).toBeUndefined()
	})
})
