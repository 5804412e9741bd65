import { lastToolResult } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const done = (result = "Done.") => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })
const chatRequests = (agent: AgentHarness) => agent.server.requests.filter((r) => r.route === "chat")

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("the conversation around tools", () => {
	it("feedback typed at completion_result continues the task", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				done("First try."),
				({ request }) => done(`Second try after: ${lastToolResult(request)}`),
			],
		})
		await agent.send({ type: "newTask", text: "do it" })
		await agent.client.waitForAsk("completion_result")
		await agent.send({
			type: "askResponse",
			askResponse: "messageResponse",
			text: "use tabs, not spaces",
		})
		await agent.client.waitFor(
			(m) => (m.says("completion_result").at(-1)?.text ?? "").startsWith("Second try"),
			"the second result",
		)
		expect(agent.client.says("completion_result").at(-1)?.text).toContain("use tabs, not spaces")
		expect(agent.client.says("user_feedback").map((m) => m.text)).toEqual(["use tabs, not spaces"])
	})

	it("shows the path of a write while its content is still streaming", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [
				{
					toolCalls: [
						{
							name: "write_to_file",
							arguments: { path: "big.txt", content: "line\n".repeat(300) },
						},
					],
					argumentChunks: 40,
					chunkDelayMs: 15,
				},
				done(),
			],
		})
		await agent.send({ type: "newTask", text: "write a big file" })
		await agent.client.waitFor((m) => {
			const last = m.messages.at(-1)
			return (
				last?.ask === "tool" &&
				last.partial === true &&
				(last.text ?? "").includes('"path":"big.txt"')
			)
		}, "a partial tool row with the path")
		expect(agent.client.state.state).toBe("streaming")
		await agent.client.waitForAsk("tool")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect((await agent.read("big.txt")).length).toBe(1500)
	})

	it("auto-answers a follow-up with its first suggestion when nobody answers in time", async () => {
		agent = await startAgent({
			provider: "ollama",
			settings: { autoApproval: { enabled: true, followup: true, followupTimeoutMs: 1000 } },
			scenario: [
				{
					toolCalls: [
						{
							name: "ask_followup_question",
							arguments: {
								question: "Tabs or spaces?",
								follow_up: [{ text: "tabs" }, { text: "spaces" }],
							},
						},
					],
				},
				({ request }) => done(`chose ${lastToolResult(request)}`),
			],
		})
		await agent.send({ type: "newTask", text: "format" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.says("completion_result").at(-1)?.text).toContain("tabs")
	})

	it("stops auto-approving at the request limit until the person confirms", async () => {
		const read = { toolCalls: [{ name: "read_file", arguments: { path: "a.txt" } }] }
		agent = await startAgent({
			provider: "openai",
			files: { "a.txt": "a" },
			settings: { autoApproval: { enabled: true, readOnly: true, maxRequests: 2 } },
			scenario: [read, read, read, done()],
		})
		await agent.send({ type: "newTask", text: "read thrice" })
		await agent.client.waitForAsk("auto_approval_max_req_reached")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toEqual({
			limit: "requests",
			count: 2,
		})
		expect(chatRequests(agent)).toHaveLength(3)
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
	})
})
