import { startModelServer, type ModelServer, type Turn } from "@cairn/model-server"
import { defaultSettings, type CairnSettings, type ModelInfo } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import type { ApiMessage } from "../providers/apiMessage.js"
import { buildProvider } from "../providers/buildProvider.js"
import { ProviderError } from "../providers/providerError.js"
import { ApiHistory } from "../task/apiHistory.js"
import { Transcript } from "../task/transcript.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { ContextManager, ContextTooLargeError } from "./contextManager.js"
import { summarizationMarker } from "./summarizeConversation.js"
import { TokenCounter } from "./tokenCounter.js"

const counter = await TokenCounter.load()
let server: ModelServer | undefined
afterEach(async () => {
	await server?.close()
	server = undefined
})

// 16k window: 3,200 reserved for the answer, 12,800 usable, condensing past 9,600 (75%).
const window: Partial<ModelInfo> = { contextWindow: 16_000, maxOutputTokens: 4_000 }
const frame = { systemPrompt: "You are a coding agent.", tools: [] }
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 50}`).join(" ")

function conversation(turns: number, resultWords: number): ApiMessage[] {
	const messages: ApiMessage[] = [
		{ role: "user", content: [{ type: "text", text: "<task>read a.ts</task>" }] },
	]
	for (let i = 0; i < turns; i++) {
		messages.push({
			role: "assistant",
			content: [{ type: "tool_use", id: `t${i}`, name: "read_file", input: { path: "a.ts" } }],
		})
		messages.push({
			role: "user",
			content: [
				{
					type: "tool_result",
					toolUseId: `t${i}`,
					content: [{ type: "text", text: words(resultWords) }],
				},
			],
		})
	}
	return messages
}

async function setUp(options: { turns: Turn[]; history: ApiMessage[]; settings?: Partial<CairnSettings> }) {
	server = await startModelServer({ scenario: options.turns })
	const provider = buildProvider(
		{ provider: "openai", modelId: "m", baseUrl: server.openaiBaseURL, modelInfo: window },
		"key",
	)
	const history = new ApiHistory(options.history)
	const transcript = new Transcript(() => undefined)
	const settings = { ...defaultSettings(), ...options.settings }
	const summaries: number[] = []
	const manager = new ContextManager({
		history,
		transcript,
		provider,
		settings: () => settings,
		logger: recordingLogger(),
		onSummaryUsage: (_usage, cost) => summaries.push(cost),
	})
	const rows = (say: string) => transcript.all.filter((m) => m.say === say)
	return { manager, history, transcript, rows, summaries, server }
}

const signal = new AbortController().signal
const tokensOf = (messages: readonly ApiMessage[]) => counter.request({ ...frame, messages })

describe("keeping each request inside the model's window", () => {
	it("sends the whole history while it is under the threshold", async () => {
		const { manager, history, rows } = await setUp({ turns: [], history: conversation(3, 200) })
		expect(await manager.fit(frame, signal)).toBe(history.all)
		expect(rows("condense_context")).toEqual([])
		expect(server?.requests).toEqual([])
	})

	it("condenses the older part past the threshold: the task, the summary and the recent turns are sent", async () => {
		const { manager, history, rows, summaries } = await setUp({
			turns: [{ text: "Read a.ts many times; it defines word0..word49." }],
			history: conversation(12, 1_000),
		})
		const before = tokensOf(history.all)
		expect(before).toBeGreaterThan(9_600)
		const sent = await manager.fit(frame, signal)
		expect(tokensOf(sent)).toBeLessThan(9_600)
		expect(sent[0]?.content[0]).toEqual(history.all[0]?.content[0])
		expect(JSON.stringify(sent[0])).toContain("it defines word0..word49")
		expect(sent.at(-1)).toBe(history.all.at(-1))
		expect(history.all).toHaveLength(25)
		const [row] = rows("condense_context")
		expect(row?.partial).toBeFalsy()
		expect(row?.contextCondense?.summary).toBe("Read a.ts many times; it defines word0..word49.")
		expect(row?.contextCondense?.prevContextTokens).toBeGreaterThan(
			row?.contextCondense?.newContextTokens ?? Infinity,
		)
		expect(summaries).toHaveLength(1)
		// The summarization request is text only: no tool blocks a provider could refuse.
		const body = server?.requests[0]?.body as {
			messages: { role: string; content: string }[]
			tools?: unknown
		}
		expect(body.tools).toBeUndefined()
		expect(JSON.stringify(body.messages[0])).toContain(summarizationMarker)
	})

	it("falls back to dropping the oldest turns when the summarization request fails", async () => {
		const { manager, rows } = await setUp({
			turns: [{ error: { status: 500, headers: { "x-should-retry": "false" } } }],
			history: conversation(12, 1_000),
		})
		const sent = await manager.fit(frame, signal)
		expect(tokensOf(sent)).toBeLessThan(9_600)
		expect(rows("condense_context_error")[0]?.text).toContain("The summarization request failed")
		expect(rows("condense_context_error")[0]?.notice).toMatchObject({
			kind: "condense_failed",
			params: { said: expect.stringContaining("500") },
		})
		expect(rows("sliding_window_truncation")).toHaveLength(1)
		// Clients word the turns left out from the kind and its figures.
		const dropped = rows("sliding_window_truncation")[0]?.notice
		expect(dropped?.kind).toBe("context_truncated")
		expect(dropped?.params?.count).toBeGreaterThan(0)
		expect(dropped?.params?.after).toBeLessThan(dropped?.params?.before ?? 0)
		expect(dropped?.params?.window).toBe(16_000)
		expect(sent[0]?.content[0]).toEqual({ type: "text", text: "<task>read a.ts</task>" })
	})

	it("never condenses into a larger context", async () => {
		const { manager, rows } = await setUp({
			turns: [{ text: words(12_000) }],
			history: conversation(12, 1_000),
		})
		const sent = await manager.fit(frame, signal)
		expect(rows("condense_context_error")[0]?.text).toContain("would not make the context smaller")
		const notSmaller = rows("condense_context_error")[0]?.notice
		expect(notSmaller?.kind).toBe("condense_not_smaller")
		expect(notSmaller?.params?.after).toBeGreaterThanOrEqual(notSmaller?.params?.before ?? Infinity)
		expect(JSON.stringify(sent)).not.toContain(words(12_000))
		expect(tokensOf(sent)).toBeLessThan(9_600)
	})

	it("never condenses twice without a new answer of the model in between", async () => {
		const { manager, history, rows } = await setUp({
			turns: [{ text: "summary one" }, { text: "summary two" }],
			history: conversation(12, 1_000),
		})
		await manager.fit(frame, signal)
		await manager.condenseNow(signal)
		expect(rows("condense_context")).toHaveLength(1)
		expect(rows("condense_context_error").at(-1)?.text).toContain(
			"has not grown since it was last condensed",
		)
		expect(rows("condense_context_error").at(-1)?.notice).toEqual({ kind: "condense_nothing_new" })
		expect(server?.requests).toHaveLength(1)
		history.pushAssistant([{ type: "text", text: "more work" }])
		history.pushUser([{ type: "text", text: "go on" }])
		await manager.condenseNow(signal)
		expect(rows("condense_context")).toHaveLength(2)
		expect(history.view.summary).toBe("summary two")
	})

	it("with automatic condensing off, only drops turns, and only once the usable window is reached", async () => {
		const under = await setUp({
			turns: [],
			history: conversation(5, 1_000),
			settings: { autoCondenseContext: false },
		})
		expect(tokensOf(under.history.all)).toBeGreaterThan(9_600)
		expect(tokensOf(under.history.all)).toBeLessThan(12_800)
		expect(await under.manager.fit(frame, signal)).toBe(under.history.all)
		await server?.close()
		const over = await setUp({
			turns: [],
			history: conversation(14, 1_000),
			settings: { autoCondenseContext: false },
		})
		const sent = await over.manager.fit(frame, signal)
		expect(tokensOf(sent)).toBeLessThan(12_800)
		expect(over.rows("sliding_window_truncation")).toHaveLength(1)
		expect(server?.requests).toEqual([])
	})

	it("refuses, without sending it, a request whose first message alone is over the window", async () => {
		const history: ApiMessage[] = [{ role: "user", content: [{ type: "text", text: words(14_000) }] }]
		const { manager } = await setUp({ turns: [], history })
		await expect(manager.fit(frame, signal)).rejects.toThrow(ContextTooLargeError)
		await expect(manager.fit(frame, signal)).rejects.toThrow(
			/Shorten it, or use a model with a larger window/,
		)
		// The same as a problem with its figures, for clients to word in the person's language.
		const refused = await manager.fit(frame, signal).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(ContextTooLargeError)
		const { kind, params } = (refused as ContextTooLargeError).problem
		expect(kind).toBe("context_too_large")
		expect(params.tokens).toBeGreaterThan(params.available ?? Infinity)
		expect(params.window).toBe(16_000)
		expect(server?.requests).toEqual([])
	})

	it("after an overflow error, shrinks before anything is sent again", async () => {
		const { manager, history, rows } = await setUp({
			turns: [{ text: "summary" }],
			history: conversation(4, 1_000),
		})
		const first = await manager.fit(frame, signal)
		expect(first).toBe(history.all)
		const overflow = new ProviderError("context_overflow", "prompt is too long", { promptTokens: 20_000 })
		expect(await manager.overflowed(overflow, signal)).toBe(true)
		const retried = await manager.fit(frame, signal)
		expect(tokensOf(retried)).toBeLessThan(tokensOf(first))
		expect(rows("condense_context").length + rows("sliding_window_truncation").length).toBeGreaterThan(0)
	})

	it("believes the window a provider states in its overflow error for the rest of the task", async () => {
		const { manager } = await setUp({ turns: [{ text: "summary" }], history: conversation(4, 1_000) })
		await manager.fit(frame, signal)
		expect(manager.budget.window).toBe(16_000)
		const overflow = new ProviderError("context_overflow", "too long", {
			promptTokens: 9_000,
			contextWindow: 8_000,
		})
		await manager.overflowed(overflow, signal)
		expect(manager.budget.window).toBe(8_000)
		const sent = await manager.fit(frame, signal)
		expect(tokensOf(sent)).toBeLessThan(manager.budget.usable)
		// A larger stated window never widens what Cairn was told.
		await manager.overflowed(
			new ProviderError("context_overflow", "too long", { contextWindow: 64_000 }),
			signal,
		)
		expect(manager.budget.window).toBe(8_000)
	})

	it("after an overflow it cannot shrink, refuses to send the same request again", async () => {
		const { manager } = await setUp({ turns: [], history: conversation(0, 0) })
		await manager.fit(frame, signal)
		const overflow = new ProviderError("context_overflow", "prompt is too long")
		expect(await manager.overflowed(overflow, signal)).toBe(false)
		await expect(manager.fit(frame, signal)).rejects.toThrow(ContextTooLargeError)
	})

	it("a manual condense with nothing older than the newest turn says so", async () => {
		const { manager, rows } = await setUp({ turns: [], history: conversation(1, 10) })
		await manager.condenseNow(signal)
		expect(rows("condense_context_error")[0]?.text).toContain("Nothing to condense yet")
		expect(rows("condense_context_error")[0]?.notice).toEqual({ kind: "condense_nothing_yet" })
	})
})
