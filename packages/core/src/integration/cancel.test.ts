import type { RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { expectPairedToolUses } from "../test-support/anthropicHistory.js"

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const chatRequests = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("cancel and resume", () => {
	it("mid-stream: the request is marked cancelled, the partial answer kept, and Resume continues", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{ text: "A long answer that streams slowly word by word", textChunks: 20, chunkDelayMs: 60 },
				done,
			],
		})
		await agent.send({ type: "newTask", text: "talk" })
		await agent.client.waitFor(
			(m) => m.messages.some((x) => x.say === "text" && x.partial && (x.text ?? "").length > 5),
			"streaming text",
		)
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		const request = JSON.parse(agent.client.says("api_req_started")[0]?.text ?? "{}")
		expect(request).toMatchObject({ cancelReason: "user_cancelled", cost: expect.any(Number) })
		expect(agent.client.state.state).toBe("resumable")
		expect(agent.client.messages.some((m) => m.partial)).toBe(false)
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		const resumed = chatRequests(agent)[1]
		expect(JSON.stringify(resumed?.body)).toContain("A long")
		expect(JSON.stringify(resumed?.body)).toContain("TASK RESUMPTION")
		expectPairedToolUses(resumed)
	})

	it("mid-tool: the running command is killed and its tool_use gets a result on resume", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, execute: true }, allowedCommands: ["echo", "sleep"] },
			scenario: [
				{ toolCalls: [{ name: "execute_command", arguments: { command: "echo begun; sleep 60" } }] },
				done,
			],
		})
		await agent.send({ type: "newTask", text: "run" })
		await agent.client.waitFor((m) => (m.messages.at(-1)?.text ?? "").includes("begun"), "command output")
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		await agent.press("primary", "try something quicker")
		await agent.client.waitForAsk("completion_result")
		const resumed = chatRequests(agent)[1]
		expectPairedToolUses(resumed)
		expect(JSON.stringify(resumed?.body)).toContain("try something quicker")
	})

	it("mid-ask: the pending approval settles, and Resume answers the tool_use as interrupted", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "a.txt", content: "x" } }] },
				done,
			],
		})
		await agent.send({ type: "newTask", text: "write" })
		await agent.client.waitForAsk("tool")
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		const resumed = chatRequests(agent)[1]
		expectPairedToolUses(resumed)
		expect(JSON.stringify(resumed?.body)).toMatch(/interrupted/)
		await expect(agent.read("a.txt")).rejects.toThrow()
	})

	it("Terminate at resume_task ends the task; nothing more is requested", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "a.txt", content: "x" } }] },
				done,
			],
		})
		await agent.send({ type: "newTask", text: "write" })
		await agent.client.waitForAsk("tool")
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		expect(agent.client.controls.secondaryButton?.text).toBe("Terminate")
		await agent.press("secondary")
		await agent.client.waitFor((m) => m.messages.length === 0, "the empty chat")
		expect(chatRequests(agent)).toHaveLength(1)
		expect(agent.controller.currentTask).toBeUndefined()
	})

	it("clearTask at an ask abandons the task without asking to resume", async () => {
		agent = await startAgent({
			provider: "ollama",
			scenario: [
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "a.txt", content: "x" } }] },
			],
		})
		const aborted = new Promise<string>((resolve) =>
			agent?.controller.events.once("taskAborted", resolve),
		)
		await agent.send({ type: "newTask", text: "write" })
		await agent.client.waitForAsk("tool")
		await agent.send({ type: "clearTask" })
		expect(await aborted).toBeTruthy()
		expect(agent.client.messages).toEqual([])
	})
})
