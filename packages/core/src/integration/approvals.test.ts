import { lastToolResult } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type ServedProvider } from "../test-support/agentHarness.js"

// Whole tasks through the Controller, once per wire format: the official SDK talks to the
// scripted model server, tools act on a real temp workspace.

const providers: ServedProvider[] = [
	"anthropic",
	"openai",
	"ollama",
	"gemini",
	"vertex-claude",
	"vertex-gemini",
	"openrouter",
	"lmstudio",
	"bedrock",
]
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe.each(providers)("a whole task over %s", (provider) => {
	it("approving a write writes the file and tells the model it worked", async () => {
		agent = await startAgent({
			provider,
			scenario: [
				{
					text: "I'll create the file.",
					toolCalls: [{ name: "write_to_file", arguments: { path: "hello.txt", content: "hi\n" } }],
					argumentChunks: 5,
				},
				done,
			],
		})
		await agent.send({ type: "newTask", text: "create hello.txt" })
		await agent.client.waitForAsk("tool")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toMatchObject({
			tool: "newFileCreated",
			path: "hello.txt",
		})
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("hello.txt")).toBe("hi\n")
		const secondRequest = agent.server.requests.filter((r) => r.route === "chat")[1]
		expect(secondRequest && lastToolResult(secondRequest)).toMatch(/hello\.txt/)
		expect(agent.client.gaps).toEqual([])
	})

	it("rejecting a write leaves the file untouched and tells the model", async () => {
		agent = await startAgent({
			provider,
			files: { "keep.txt": "original\n" },
			scenario: [
				{
					toolCalls: [
						{ name: "write_to_file", arguments: { path: "keep.txt", content: "clobbered\n" } },
					],
				},
				done,
			],
		})
		await agent.send({ type: "newTask", text: "overwrite keep.txt" })
		await agent.client.waitForAsk("tool")
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("keep.txt")).toBe("original\n")
		const secondRequest = agent.server.requests.filter((r) => r.route === "chat")[1]
		expect(secondRequest && lastToolResult(secondRequest)).toMatch(/denied/i)
	})

	it("answers a follow-up question with the person's text", async () => {
		agent = await startAgent({
			provider,
			scenario: [
				{
					toolCalls: [
						{
							name: "ask_followup_question",
							arguments: {
								question: "Which file?",
								follow_up: [{ text: "a.ts" }, { text: "b.ts" }],
							},
						},
					],
				},
				({ request }) => ({
					toolCalls: [
						{
							name: "attempt_completion",
							arguments: { result: `answered: ${lastToolResult(request)}` },
						},
					],
				}),
			],
		})
		await agent.send({ type: "newTask", text: "ask me" })
		await agent.client.waitForAsk("followup")
		expect(agent.client.controls.primaryButton?.text).toBe("Answer")
		await agent.press("primary", "b.ts please")
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.says("completion_result").at(-1)?.text).toContain("b.ts please")
	})

	it("finishes with completion_result and reports usage in taskCompleted", async () => {
		agent = await startAgent({
			provider,
			scenario: [{ ...done, usage: { inputTokens: 1200, outputTokens: 80 } }],
		})
		const completed = new Promise<number>((resolve) =>
			agent?.controller.events.once("taskCompleted", (_id, usage) => resolve(usage.totalTokensOut)),
		)
		await agent.send({ type: "newTask", text: "nothing to do" })
		await agent.client.waitForAsk("completion_result")
		expect(await completed).toBe(80)
		expect(agent.client.says("completion_result").at(-1)?.text).toBe("Done.")
		const request = agent.client.says("api_req_started").at(-1)
		expect(JSON.parse(request?.text ?? "{}")).toMatchObject({ tokensOut: 80, cost: expect.any(Number) })
	})
})
