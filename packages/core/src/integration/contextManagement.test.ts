import type { RecordedRequest, Turn } from "@cairn/model-server"
import type { ClineMessage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { summarizationMarker } from "../context/summarizeConversation.js"
import { startAgent, type AgentHarness, type ServedProvider } from "../test-support/agentHarness.js"

const providers: ServedProvider[] = [
	"anthropic",
	"openai",
	"ollama",
	"gemini",
	"vertex-claude",
	"vertex-gemini",
	"bedrock",
]

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
}, 60_000)

// A file far past what one tool result may hold on a 16k window (a quarter of the usable 12,800).
const bigFile = Array.from(
	{ length: 1_500 },
	(_, i) => `export function step${i}(input: number): number { return input * ${i} + ${i % 7} }`,
).join("\n")
const read: Turn = { toolCalls: [{ name: "read_file", arguments: { path: "big.ts" } }] }
const complete: Turn = { toolCalls: [{ name: "attempt_completion", arguments: { result: "read it all" } }] }
const summary = (text: string) => [{ when: { systemIncludes: summarizationMarker }, turn: { text } }]
const window16k = { contextWindow: 16_000, maxOutputTokens: 4_000 }

const chats = (requests: readonly RecordedRequest[]) => requests.filter((r) => r.route === "chat")
const rows = (messages: readonly ClineMessage[], say: string) => messages.filter((m) => m.say === say)

/** Each condense has a model answer (a request row) between it and the previous one. */
function condensesWithoutProgress(messages: readonly ClineMessage[]): number {
	let sinceLast: number | undefined
	let violations = 0
	for (const message of messages) {
		if (message.say === "condense_context" && message.contextCondense !== undefined) {
			if (sinceLast === 0) violations++
			sinceLast = 0
		} else if (message.say === "api_req_started" && sinceLast !== undefined) sinceLast++
	}
	return violations
}

describe.each(providers)("context management over %s", (provider) => {
	it("a 300-turn task reading a large file on a 16k window completes, every request inside the window", async () => {
		const turns = 300
		agent = await startAgent({
			provider,
			files: { "big.ts": bigFile },
			modelInfo: window16k,
			server: {
				contextWindow: 16_000,
				sideTurns: summary("Read big.ts again and again; nothing changed."),
			},
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [...Array.from({ length: turns }, () => read), complete],
		})
		await agent.send({ type: "newTask", text: "read big.ts three hundred times" })
		await agent.client.waitForAsk("completion_result", 240_000)
		const requests = chats(agent.server.requests)
		expect(requests.filter((r) => r.contextOverflow !== undefined)).toEqual([])
		for (const request of requests) expect(request.inputTokens).toBeLessThanOrEqual(16_000)
		expect(requests.filter((r) => r.turn !== undefined)).toHaveLength(turns + 1)
		const messages = agent.client.messages
		expect(messages.filter((m) => m.ask === "api_req_failed")).toEqual([])
		expect(rows(messages, "condense_context").length).toBeGreaterThan(10)
		expect(condensesWithoutProgress(messages)).toBe(0)
		// The chat keeps every turn; only what the model is sent shrank.
		expect(agent.controller.currentTask?.toolUsage.read_file).toEqual({ attempts: turns, failures: 0 })
		expect(agent.controller.currentTask?.history.all.length).toBeGreaterThan(2 * turns)
	}, 300_000)

	it("falls back to dropping the oldest turns when condensing fails, and completes", async () => {
		agent = await startAgent({
			provider,
			files: { "big.ts": bigFile },
			modelInfo: window16k,
			server: {
				contextWindow: 16_000,
				sideTurns: [
					{
						when: { systemIncludes: summarizationMarker },
						turn: { error: { status: 500, headers: { "x-should-retry": "false" } } },
					},
				],
			},
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [...Array.from({ length: 20 }, () => read), complete],
		})
		await agent.send({ type: "newTask", text: "read big.ts twenty times" })
		await agent.client.waitForAsk("completion_result", 120_000)
		const messages = agent.client.messages
		expect(rows(messages, "condense_context_error").length).toBeGreaterThan(0)
		expect(rows(messages, "sliding_window_truncation").length).toBeGreaterThan(0)
		expect(messages.filter((m) => m.ask === "api_req_failed")).toEqual([])
		for (const request of chats(agent.server.requests)) expect(request.contextOverflow).toBeUndefined()
	}, 180_000)

	it("recovers from the provider's overflow error by itself, never sending the refused request again", async () => {
		// Cairn believes the window is 40k; the server allows 16k, as a misconfigured proxy would.
		agent = await startAgent({
			provider,
			files: { "big.ts": bigFile },
			modelInfo: { contextWindow: 40_000, maxOutputTokens: 4_000 },
			server: { contextWindow: 16_000, sideTurns: summary("Read big.ts several times.") },
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [...Array.from({ length: 20 }, () => read), complete],
		})
		await agent.send({ type: "newTask", text: "read big.ts twenty times" })
		await agent.client.waitForAsk("completion_result", 120_000)
		const requests = chats(agent.server.requests)
		const refused = requests.filter((r) => r.contextOverflow === "refused")
		expect(refused.length).toBeGreaterThan(0)
		for (const request of refused) {
			const next = requests[requests.indexOf(request) + 1]
			expect(next?.rawBody).not.toBe(request.rawBody)
			expect(next?.inputTokens ?? 0).toBeLessThan(request.inputTokens ?? 0)
		}
		expect(agent.client.messages.filter((m) => m.ask === "api_req_failed")).toEqual([])
		expect(requests.filter((r) => r.turn !== undefined)).toHaveLength(21)
	}, 180_000)
})

describe("the condensing model", () => {
	it("writes the summaries when the person picked one, while the task keeps its own model", async () => {
		agent = await startAgent({
			provider: "openai",
			files: { "big.ts": bigFile },
			modelInfo: window16k,
			server: { contextWindow: 16_000, sideTurns: summary("Read big.ts a few times.") },
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [...Array.from({ length: 8 }, () => read), complete],
		})
		await agent.controller.settingsStore.update({
			condensingProvider: {
				provider: "openai",
				modelId: "cheap-summarizer",
				baseUrl: agent.server.openaiBaseURL,
			},
		})
		await agent.send({ type: "newTask", text: "read big.ts eight times" })
		await agent.client.waitForAsk("completion_result", 120_000)
		const requests = chats(agent.server.requests)
		const model = (r: RecordedRequest) => (r.body as { model: string }).model
		const summaries = requests.filter((r) => r.sideTurn !== undefined)
		expect(summaries.length).toBeGreaterThan(0)
		expect(summaries.map(model)).toEqual(summaries.map(() => "cheap-summarizer"))
		expect(requests.filter((r) => r.turn !== undefined).map(model)).not.toContain("cheap-summarizer")
	}, 120_000)
})

describe("a tool result kept across a cancel", () => {
	it("is capped like any other when the resumed task sends it", async () => {
		agent = await startAgent({
			provider: "openai",
			files: { "big.ts": bigFile },
			modelInfo: window16k,
			server: { contextWindow: 16_000 },
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [
				{
					toolCalls: [
						{ name: "read_file", arguments: { path: "big.ts" } },
						{ name: "execute_command", arguments: { command: "echo hi" } },
					],
				},
				complete,
			],
		})
		await agent.send({ type: "newTask", text: "read big.ts, then say hi" })
		// The read has run; the command waits for approval when the task is cancelled.
		await agent.client.waitForAsk("command")
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result", 60_000)
		const resumed = chats(agent.server.requests).at(-1)
		expect(resumed?.contextOverflow).toBeUndefined()
		expect(JSON.stringify(resumed?.body)).toContain("Cut to fit the model's context window")
		expect(resumed?.inputTokens).toBeLessThanOrEqual(16_000)
	}, 90_000)
})

describe("a message that alone is over the window", () => {
	it("gets a clear error and is never sent", async () => {
		agent = await startAgent({
			provider: "openai",
			modelInfo: window16k,
			server: { contextWindow: 16_000 },
			scenario: [complete],
		})
		await agent.send({ type: "newTask", text: "lorem ipsum dolor ".repeat(8_000) })
		await agent.client.waitForAsk("api_req_failed", 60_000)
		expect(agent.client.messages.at(-1)?.text).toContain("no longer fits this model's context window")
		// Clients word it from the problem: its kind and the request's size against the window.
		expect(agent.client.messages.at(-1)?.problem).toMatchObject({
			kind: "context_too_large",
			params: { window: 16_000, tokens: expect.any(Number), available: expect.any(Number) },
		})
		expect(chats(agent.server.requests)).toEqual([])
	}, 90_000)
})

describe("a manual condense of a task read back from disk", () => {
	it("gives before and after figures on the context bar's scale: the system prompt and tools included", async () => {
		// The server counts every request by the shared rule and reports it: the bar shows real counts.
		agent = await startAgent({
			provider: "anthropic",
			server: {
				contextWindow: 200_000,
				sideTurns: summary("The person asked twice; the model answered twice."),
			},
			scenario: [
				{ text: "A first answer without a tool, which the task corrects." },
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "first" } }] },
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "second" } }] },
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "third" } }] },
			],
		})
		await agent.send({ type: "newTask", text: "answer twice" })
		await agent.client.waitForAsk("completion_result")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "and again" })
		await agent.client.waitFor(
			(m) => m.messages.some((x) => x.say === "completion_result" && x.text === "second"),
			"the second result",
		)
		await agent.client.waitForAsk("completion_result")
		const taskId = agent.client.taskId!
		await agent.restart()
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		const bar = agent.client.summary.context.tokens!
		expect(bar).toBeGreaterThan(1_000)

		await agent.send({ type: "condenseTaskContextRequest" })
		await agent.client.waitFor(
			(m) => m.says("condense_context").some((x) => x.contextCondense !== undefined),
			"the condense",
		)
		const condensed = agent.client.says("condense_context").at(-1)!.contextCondense!
		// Before: "156 → 152 tokens" (the messages alone) beside a bar of about 2.4K.
		expect(condensed.prevContextTokens).toBeGreaterThan(bar * 0.95)
		expect(condensed.prevContextTokens).toBeLessThan(bar * 1.05)
		expect(agent.client.summary.context.tokens).toBe(condensed.newContextTokens)

		// What the condense left is what the provider counts next, give or take the resumption's message.
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "once more" })
		await agent.client.waitForAsk("completion_result")
		const next = chats(agent.server.requests).at(-1)!.inputTokens!
		expect(condensed.newContextTokens).toBeGreaterThan(next * 0.9)
		expect(condensed.newContextTokens).toBeLessThan(next)
	}, 90_000)
})
