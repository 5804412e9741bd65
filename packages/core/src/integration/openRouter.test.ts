import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// What OpenRouter adds to the OpenAI format, through a whole task: the approvals, commands and
// follow-ups themselves run over OpenRouter in approvals.test.ts and commands.test.ts.

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

describe("a task over OpenRouter", () => {
	it("sends the attribution headers, the provider routing, the reasoning budget and asks for accounting", async () => {
		agent = await startAgent({
			provider: "openrouter",
			scenario: [done],
			providerSettings: {
				reasoningBudgetTokens: 2_000,
				openRouter: {
					order: ["anthropic", "together"],
					allowFallbacks: false,
					dataCollection: "deny",
				},
			},
		})
		await agent.send({ type: "newTask", text: "nothing to do" })
		await agent.client.waitForAsk("completion_result")
		const request = agent.server.requests.find((r) => r.route === "chat")
		expect(request?.headers).toMatchObject({
			"http-referer": "https://github.com/cairn-dev/cairn",
			"x-title": "Cairn",
			authorization: "Bearer test-key",
		})
		expect(request?.body).toMatchObject({
			model: "anthropic/claude-sonnet-4.5",
			provider: { order: ["anthropic", "together"], allow_fallbacks: false, data_collection: "deny" },
			reasoning: { max_tokens: 2_000 },
			usage: { include: true },
		})
		expect(request?.body).not.toHaveProperty("reasoning_effort")
	})

	it("shows OpenRouter's reasoning and charges the cost it reports, not one computed from prices", async () => {
		agent = await startAgent({
			provider: "openrouter",
			// Prices Cairn would compute with, far from OpenRouter's: its reported cost must win.
			modelInfo: { inputPrice: 100, outputPrice: 100 },
			scenario: [
				{
					...done,
					reasoning: "Nothing to change.",
					usage: { inputTokens: 1_000, outputTokens: 100, cacheReadInputTokens: 500 },
				},
			],
		})
		await agent.send({ type: "newTask", text: "nothing to do" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.says("reasoning").map((m) => m.text)).toEqual(["Nothing to change."])
		const row = JSON.parse(agent.client.says("api_req_started").at(-1)?.text ?? "{}")
		// The model server's prices: $3/M in, $0.30/M cached, $15/M out.
		expect(row).toMatchObject({ apiProtocol: "openrouter", tokensOut: 100, cacheReads: 500 })
		expect(row.cost).toBeCloseTo(0.00465, 10)
	})
})
