import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

async function numCtxOfTask(agent: AgentHarness): Promise<unknown> {
	await agent.send({ type: "newTask", text: "do it" })
	await agent.client.waitForAsk("completion_result")
	const chat = agent.server.requests.find((r) => r.route === "chat")
	return (chat?.body as { options?: { num_ctx?: unknown } }).options?.num_ctx
}

describe("a task's model info comes from the server where the person set none", () => {
	it("takes an Ollama model's own smaller context as the window (num_ctx)", async () => {
		agent = await startAgent({ provider: "ollama", scenario: [done] })
		agent.server.setContextWindow(16_384)
		expect(await numCtxOfTask(agent)).toBe(16_384)
		expect(agent.server.requests.filter((r) => r.path === "/api/show")).toHaveLength(1)
	})

	it("keeps the person's own context window over the server's", async () => {
		agent = await startAgent({ provider: "ollama", scenario: [done] })
		agent.server.setContextWindow(16_384)
		const provider = agent.controller.settingsStore.settings.provider
		await agent.controller.settingsStore.update({
			provider: { ...provider!, modelInfo: { contextWindow: 24_000 } },
		})
		expect(await numCtxOfTask(agent)).toBe(24_000)
	})
})
