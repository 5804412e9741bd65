import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
// Closing a 1,000-turn task and removing its folder can take a while on a busy machine.
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
}, 60_000)

describe("a long task", () => {
	it("runs 1,000 turns (the loop is a loop) without losing a delta or a tool result", async () => {
		const turns = 1000
		const listing = { toolCalls: [{ name: "list_files", arguments: { path: "." } }] }
		agent = await startAgent({
			provider: "openai",
			files: { "a.txt": "a" },
			settings: { autoApproval: { enabled: true, readOnly: true }, consecutiveMistakeLimit: 5 },
			scenario: [
				...Array.from({ length: turns }, () => listing),
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "listed" } }] },
			],
		})
		await agent.send({ type: "newTask", text: "list the files a thousand times" })
		await agent.client.waitForAsk("completion_result", 120_000)
		expect(agent.server.requests.filter((r) => r.route === "chat")).toHaveLength(turns + 1)
		expect(agent.controller.currentTask?.toolUsage.list_files).toEqual({ attempts: turns, failures: 0 })
		expect(agent.client.gaps).toEqual([])
		expect(agent.client.messages).toEqual(agent.controller.currentTask?.messages)
	}, 180_000)
})
