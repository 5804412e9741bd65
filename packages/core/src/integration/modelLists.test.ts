import type { ExtensionMessage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// The settings view's model picker and "Test connection" button, through the Controller, and
// the model info the person edits reaching the cost and the context bar of a task.

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

function answer<T extends ExtensionMessage["type"]>(type: T, requestId: number) {
	const found = agent?.client.received.find(
		(m): m is Extract<ExtensionMessage, { type: T }> =>
			m.type === type && "requestId" in m && m.requestId === requestId,
	)
	if (found === undefined) throw new Error(`no ${type} answer to request ${requestId}`)
	return found
}

describe("model lists through the Controller", () => {
	it("lists the current profile's models with the saved key, and the view's unsaved provider's", async () => {
		agent = await startAgent({
			provider: "openrouter",
			server: {
				apiKey: "test-key",
				contextWindow: 200_000,
				models: ["anthropic/claude-sonnet-4.5", "openai/gpt-5"],
			},
		})
		await agent.send({ type: "requestModels", requestId: 1 })
		expect(answer("models", 1)).toMatchObject({
			provider: "openrouter",
			models: [
				{
					id: "anthropic/claude-sonnet-4.5",
					info: { contextWindow: 200_000, inputPrice: 3, outputPrice: 15 },
				},
				{ id: "openai/gpt-5" },
			],
		})
		await agent.send({
			type: "requestModels",
			requestId: 2,
			provider: { provider: "lmstudio", baseUrl: "http://127.0.0.1:9/v1" },
		})
		expect(answer("models", 2)).toMatchObject({ provider: "lmstudio", models: [] })
		expect(answer("models", 2).error).toMatch(
			/^Could not connect to LM Studio at http:\/\/127\.0\.0\.1:9\/v1/,
		)
	})

	it("tests the connection: a wrong key and a wrong address are told apart, a right one names the model", async () => {
		agent = await startAgent({
			provider: "openai",
			server: { apiKey: "another-key", models: ["gpt-4.1"] },
		})
		await agent.send({ type: "testConnection", requestId: 1 })
		expect(answer("connectionTested", 1).result).toMatchObject({
			ok: false,
			problem: "auth",
			message: expect.stringMatching(
				/^The API key for the OpenAI-compatible server at .* was rejected \(401/,
			),
		})
		await agent.send({ type: "updateApiKey", provider: "openai", apiKey: "another-key" })
		const { provider } = agent.controller.settingsStore.settings
		await agent.send({
			type: "testConnection",
			requestId: 2,
			provider: { ...provider!, baseUrl: `${agent.server.url}/not-the-api` },
		})
		expect(answer("connectionTested", 2).result).toMatchObject({ ok: false, problem: "not_found" })
		await agent.send({ type: "testConnection", requestId: 3 })
		expect(answer("connectionTested", 3).result).toMatchObject({
			ok: true,
			message: expect.stringContaining(`it lists 1 model, "gpt-4.1" among them`),
		})
	})
})

describe("model info the person set", () => {
	it("prices each request and sizes the context bar", async () => {
		agent = await startAgent({
			provider: "openai",
			// A server's model Cairn's catalog does not know: without the person's info it costs nothing.
			modelInfo: {
				contextWindow: 50_000,
				maxOutputTokens: 8_000,
				inputPrice: 2,
				outputPrice: 10,
				cacheReadsPrice: 0.5,
			},
			scenario: [
				{
					toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }],
					usage: { inputTokens: 10_000, outputTokens: 1_000, cacheReadInputTokens: 4_000 },
				},
			],
		})
		await agent.send({ type: "newTask", text: "nothing to do" })
		await agent.client.waitForAsk("completion_result")
		const row = JSON.parse(agent.client.says("api_req_started").at(-1)?.text ?? "{}")
		expect(row).toMatchObject({
			contextWindow: 50_000,
			// The answer's room, which the context bar shows as reserved.
			outputReserve: 8_000,
			tokensIn: 10_000,
			tokensOut: 1_000,
			cacheReads: 4_000,
		})
		// 10k in at $2/M, 4k cached at $0.50/M, 1k out at $10/M.
		expect(row.cost).toBeCloseTo(0.032, 10)
	})
})
