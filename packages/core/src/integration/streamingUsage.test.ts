import type { ClineMessage, ExtensionMessage, TaskSummary } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const payload = (row: ClineMessage | undefined): Record<string, unknown> =>
	JSON.parse(row?.text ?? "{}") as Record<string, unknown>

const requestRow = (agent: AgentHarness) => payload(agent.client.says("api_req_started")[0])

/** The task summary the webview last received. */
function lastSummary(received: readonly ExtensionMessage[]): TaskSummary | undefined {
	for (let i = received.length - 1; i >= 0; i--) {
		const message = received[i]
		if (message?.type === "messageUpdated" && message.summary) return message.summary
		if (message?.type === "state") return message.state.summary
	}
	return undefined
}

// ~60 tokens in eight deltas; the server stops part way through, so the answer is still streaming.
const longAnswer =
	"The function reads the file, splits it into lines and counts those that are not blank. ".repeat(3)
const stalled = { text: longAnswer, textChunks: 8, stallAfterChunks: 6 }
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("a request's usage while it streams", () => {
	it.each(["openai", "ollama"] as const)(
		"%s: the request row shows estimated tokens while the answer streams, and a cancel keeps them, marked",
		async (provider) => {
			agent = await startAgent({ provider, scenario: [stalled, done] })
			await agent.send({ type: "newTask", text: "count the lines" })
			await agent.client.waitFor((m) => {
				const row = payload(m.says("api_req_started")[0])
				return row.estimated === true && Number(row.tokensOut) > 0
			}, "an estimated request row")
			expect(requestRow(agent)).toMatchObject({ tokensIn: expect.any(Number), estimated: true })
			expect(Number(requestRow(agent).tokensIn)).toBeGreaterThan(0)
			expect(requestRow(agent)).not.toHaveProperty("cost")
			// The header reads it from the task's summary.
			expect(lastSummary(agent.client.received)?.context.estimated).toBe(true)

			await agent.send({ type: "cancelTask" })
			await agent.client.waitForAsk("resume_task")
			expect(requestRow(agent)).toMatchObject({
				cancelReason: "user_cancelled",
				estimated: true,
				cost: expect.any(Number),
			})
			expect(Number(requestRow(agent).tokensIn)).toBeGreaterThan(0)
			expect(Number(requestRow(agent).tokensOut)).toBeGreaterThan(0)
		},
	)

	it.each(["openai", "ollama"] as const)(
		"%s: the provider's own counts replace the estimate when the answer ends",
		async (provider) => {
			agent = await startAgent({
				provider,
				scenario: [
					{
						...done,
						text: longAnswer,
						textChunks: 8,
						usage: { inputTokens: 900, outputTokens: 55 },
					},
				],
			})
			await agent.send({ type: "newTask", text: "count the lines" })
			await agent.client.waitForAsk("completion_result")
			expect(requestRow(agent)).toMatchObject({
				tokensIn: 900,
				tokensOut: 55,
				cost: expect.any(Number),
			})
			expect(requestRow(agent)).not.toHaveProperty("estimated")
			expect(lastSummary(agent.client.received)?.context.estimated).toBeUndefined()
		},
	)
})
