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

describe("the lookup of the model's details is not on the way to the task's start", () => {
	it("an OpenAI-compatible server's window reaches the first request, asked before it is sent", async () => {
		agent = await startAgent({
			provider: "lmstudio",
			scenario: [done],
			server: { contextWindow: 12_288, models: ["qwen2.5-coder-7b-instruct"] },
		})
		await agent.send({ type: "newTask", text: "do it" })
		await agent.client.waitForAsk("completion_result")
		const first = JSON.parse(agent.client.says("api_req_started")[0]?.text ?? "{}")
		expect(first.contextWindow).toBe(12_288)
		const routes = agent.server.requests.map((request) => request.route)
		expect(routes.indexOf("models")).toBeLessThan(routes.indexOf("chat"))
	})
})
