import type { TokenUsage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { OtlpReceiver, type ReceivedSpan } from "../test-support/otlpReceiver.js"

// A whole task with OpenTelemetry export on, against a collector on 127.0.0.1: the official SDK
// sends OTLP/HTTP JSON, and the receiver checks the trace tree and the metrics' values.

const key = "test-key" // what the harness saves as the provider's key
const secretNotes = `deploy token: ${key}\n`
const turns = [
	{
		text: "I'll write the plan.",
		toolCalls: [
			{ name: "write_to_file", arguments: { path: "plan.txt", content: `plan with ${key}\n` } },
		],
		usage: {
			inputTokens: 1200,
			outputTokens: 80,
			cacheReadInputTokens: 300,
			cacheCreationInputTokens: 50,
		},
	},
	{
		toolCalls: [{ name: "read_file", arguments: { path: "missing.txt" } }],
		usage: { inputTokens: 1500, outputTokens: 40, cacheReadInputTokens: 1000 },
	},
	{
		toolCalls: [{ name: "read_file", arguments: { path: "notes.txt" } }],
		usage: { inputTokens: 1700, outputTokens: 30 },
	},
	{
		toolCalls: [{ name: "attempt_completion", arguments: { result: "Planned." } }],
		usage: { inputTokens: 1800, outputTokens: 20 },
	},
]

let agent: AgentHarness | undefined
let receiver: OtlpReceiver | undefined
afterEach(async () => {
	await agent?.cleanup()
	await receiver?.close()
	agent = undefined
	receiver = undefined
})

async function runTask(
	exportContent: boolean,
): Promise<{ agent: AgentHarness; receiver: OtlpReceiver; usage: TokenUsage }> {
	receiver = await OtlpReceiver.start()
	agent = await startAgent({
		provider: "anthropic",
		files: { "notes.txt": secretNotes },
		scenario: turns,
		settings: {
			telemetry: {
				enabled: true,
				endpoint: receiver.url,
				exportContent,
				headers: { authorization: "Bearer otlp-token" },
			},
			autoApproval: { enabled: true, readOnly: true },
		},
	})
	const completed = new Promise<TokenUsage>((resolve) =>
		agent?.controller.events.once("taskCompleted", (_id, usage) => resolve(usage)),
	)
	await agent.send({ type: "newTask", text: `Plan the deploy. The key is ${key}; do not share it.` })
	await agent.client.waitForAsk("tool")
	await agent.press("primary")
	const usage = await completed
	const ended = (r: OtlpReceiver) =>
		r.spans.some((span) => span.name === "cairn.task") && r.metric("cairn.cost").length > 0
	await receiver.waitFor(ended)
	return { agent, receiver, usage }
}

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
	spans.filter((span) => span.parentSpanId === parent.spanId)

describe("OpenTelemetry export", () => {
	it("sends one task's trace: task -> requests -> tool calls, with the approval as events", async () => {
		const { receiver } = await runTask(false)
		const [task, ...others] = receiver.spans.filter((span) => span.name === "cairn.task")
		expect(others).toEqual([])
		expect(task?.parentSpanId).toBeUndefined()
		expect(task?.attributes["cairn.task.outcome"]).toBe("completed")
		const requests = childrenOf(receiver.spans, task!)
		expect(requests.map((span) => span.name)).toEqual(Array(4).fill("chat claude-sonnet-5"))
		expect(requests.map((span) => span.attributes["gen_ai.usage.input_tokens"])).toEqual([
			1200, 1500, 1700, 1800,
		])
		const tools = requests.map((request) => childrenOf(receiver.spans, request).map((span) => span.name))
		expect(tools).toEqual([
			["execute_tool write_to_file"],
			["execute_tool read_file"],
			["execute_tool read_file"],
			["execute_tool attempt_completion"],
		])
		expect(receiver.spans.every((span) => span.traceId === task?.traceId)).toBe(true)

		const write = receiver.spans.find((span) => span.name === "execute_tool write_to_file")
		expect(write?.events.map((event) => event.name)).toEqual(["approval.asked", "approval.answered"])
		expect(write?.events[1]?.attributes).toMatchObject({
			"cairn.ask.type": "tool",
			"cairn.approval.approved": true,
		})
		const failedRead = childrenOf(receiver.spans, requests[1]!)[0]
		expect(failedRead?.attributes["cairn.tool.outcome"]).toBe("failed")
		expect(failedRead?.status?.code).toBe(2)
		expect(receiver.headers.every((headers) => headers.authorization === "Bearer otlp-token")).toBe(true)
	})

	it("sends the tokens and cost the model server reported, the wait for the person and the failed tool", async () => {
		const { receiver, usage } = await runTask(false)
		const tokens = (type: string) =>
			receiver
				.metric("cairn.tokens")
				.filter((point) => point.attributes["gen_ai.token.type"] === type)
				.reduce((sum, point) => sum + point.value, 0)
		expect(tokens("input")).toBe(1200 + 1500 + 1700 + 1800)
		expect(tokens("output")).toBe(80 + 40 + 30 + 20)
		expect(tokens("cache_read")).toBe(300 + 1000)
		expect(tokens("cache_write")).toBe(50)
		const cost = receiver.metric("cairn.cost").reduce((sum, point) => sum + point.value, 0)
		expect(usage.totalCost).toBeGreaterThan(0)
		expect(cost).toBeCloseTo(usage.totalCost, 10)

		expect(
			receiver.metric("cairn.request.duration").reduce((n, point) => n + (point.count ?? 0), 0),
		).toBe(4)
		expect(receiver.metric("cairn.person.wait")).toEqual([
			expect.objectContaining({ attributes: { "cairn.ask.type": "tool" }, count: 1 }),
		])
		expect(receiver.metric("cairn.tool.failures")).toEqual([
			expect.objectContaining({ attributes: { "gen_ai.tool.name": "read_file" }, value: 1 }),
		])
	})

	it("sends no prompt, file content or tool output unless content export is on", async () => {
		const { receiver } = await runTask(false)
		const sent = receiver.bodies.join("\n")
		expect(sent).not.toContain("Plan the deploy")
		expect(sent).not.toContain("deploy token")
		expect(sent).not.toContain("plan with")
		expect(sent).not.toContain(key)
	})

	it("with content export on, sends the prompt, inputs and outputs, but never a key", async () => {
		const { receiver } = await runTask(true)
		const sent = receiver.bodies.join("\n")
		expect(sent).toContain("Plan the deploy. The key is [redacted]")
		expect(sent).toContain("deploy token: [redacted]")
		expect(sent).toContain("plan with [redacted]")
		expect(sent).not.toContain(key)
	})

	it("puts a subtask's run under its parent's new_task call, in the parent's trace", async () => {
		receiver = await OtlpReceiver.start()
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{ toolCalls: [{ name: "new_task", arguments: { mode: "code", message: "child job" } }] },
				turns[3]!,
				turns[3]!,
			],
			settings: {
				mode: "orchestrator",
				autoApproval: { enabled: true, alwaysAllowSubtasks: true },
				telemetry: { enabled: true, endpoint: receiver.url },
			},
		})
		await agent.send({ type: "newTask", text: "delegate" })
		await receiver.waitFor((r) => r.spans.filter((span) => span.name === "cairn.task").length === 2)
		const [child, parent] = receiver.spans.filter((span) => span.name === "cairn.task")
		const newTask = receiver.spans.find((span) => span.name === "execute_tool new_task")
		expect(parent?.parentSpanId).toBeUndefined()
		expect(child?.parentSpanId).toBe(newTask?.spanId)
		expect(child?.traceId).toBe(parent?.traceId)
		expect(child?.attributes["cairn.task.parent_id"]).toBe(parent?.attributes["cairn.task.id"])
	})

	it("says in the log once when the collector refuses the exports", async () => {
		receiver = await OtlpReceiver.start()
		receiver.refuse(400)
		const settings = { telemetry: { enabled: true, endpoint: receiver.url } }
		agent = await startAgent({ provider: "anthropic", scenario: [turns[3]!], settings })
		await agent.send({ type: "newTask", text: "finish" })
		await agent.client.waitForAsk("completion_result")
		await agent.controller.dispose()
		const exportLines = (logs: AgentHarness["logs"]) =>
			logs.filter((entry) => entry.message.startsWith("OpenTelemetry export"))
		// Spans and metrics both failed: one line says so, naming the collector without its path.
		expect(exportLines(agent.logs)).toEqual([
			{
				level: "error",
				message: "OpenTelemetry export failed; what it carried is lost",
				details: { endpoint: receiver.url, error: expect.any(String) as string },
			},
		])
		expect(receiver.bodies).toEqual([])
	})

	it("says nothing of a collector that takes every export", async () => {
		const { agent } = await runTask(false)
		await agent.controller.dispose()
		expect(agent.logs.filter((entry) => entry.message.startsWith("OpenTelemetry"))).toEqual([])
	})

	it("sends nothing while the export is off, even with an endpoint set", async () => {
		receiver = await OtlpReceiver.start()
		agent = await startAgent({
			provider: "anthropic",
			scenario: [turns[3]!],
			settings: { telemetry: { enabled: false, endpoint: receiver.url } },
		})
		await agent.send({ type: "newTask", text: "finish" })
		await agent.client.waitForAsk("completion_result")
		await agent.controller.dispose()
		expect(receiver.bodies).toEqual([])
	})
})
