import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type ServedProvider } from "../test-support/agentHarness.js"

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

// The timeout is the thing under test, so it is short and the test waits for what it leads to.
// It is long enough that a healthy answer on a busy machine is not cut; if one still is, the
// spare retries and final turns absorb it.
describe("a model request that stalls", () => {
	it.each<ServedProvider>([
		"anthropic",
		"openai",
		"ollama",
		"gemini",
		"vertex-claude",
		"vertex-gemini",
		"bedrock",
	])(
		"%s: no answer at all, or an answer that stops mid-way, is retried and the task goes on",
		async (provider) => {
			agent = await startAgent({
				provider,
				settings: { requestIdleTimeoutMs: 2_000, requestRetries: 5 },
				scenario: [
					{ text: "never sent", stallBeforeHead: true },
					// Four chunks hold some text in every wire format; then nothing comes.
					{ text: "I will look at the files now.", textChunks: 6, stallAfterChunks: 4 },
					done,
					done,
					done,
				],
			})
			await agent.send({ type: "newTask", text: "go" })
			await agent.client.waitForAsk("completion_result", 60_000)
			// Both failures belong to the first request: one retry row, updated in place.
			expect(agent.client.says("api_req_retry_delayed")).toHaveLength(1)
			const errors = agent.logs
				.filter((entry) => entry.message === "Model request failed")
				.map((entry) => String(entry.details?.error))
			expect(errors[0]).toMatch(/No answer from the model within 2 s/)
			expect(errors).toContainEqual(
				expect.stringMatching(/The model's answer stalled: nothing new for 2 s/),
			)
		},
		// Two stalls of 2 s and their retries on a busy machine; the ceiling only stops a hang.
		90_000,
	)
})
