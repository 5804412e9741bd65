import { lastToolResult, type RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type ServedProvider } from "../test-support/agentHarness.js"

const providers: ServedProvider[] = [
	"anthropic",
	"openai",
	"ollama",
	"gemini",
	"vertex-claude",
	"vertex-gemini",
	"bedrock",
]
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const chatRequests = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")
const resultOfRequest = (agent: AgentHarness, index: number) => {
	const request = chatRequests(agent)[index]
	return request ? (lastToolResult(request) ?? "") : ""
}

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("bad model output", () => {
	it("broken tool-call JSON: the model is told, nothing runs, the task goes on", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [{ toolCalls: [{ name: "read_file", arguments: '{"path": "a.txt"' }] }, done],
		})
		await agent.send({ type: "newTask", text: "read" })
		await agent.client.waitForAsk("completion_result")
		expect(resultOfRequest(agent, 1)).toMatch(/not valid JSON/)
		expect(agent.client.says("error").at(-1)?.text).toMatch(/not valid JSON/)
	})

	it("an unknown tool: the model gets the list of tools", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [{ toolCalls: [{ name: "delete_everything", arguments: {} }] }, done],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("completion_result")
		expect(resultOfRequest(agent, 1)).toMatch(/no tool named "delete_everything".*read_file/s)
	})

	it("a tool missing a required parameter: the model is told which", async () => {
		agent = await startAgent({
			provider: "ollama",
			scenario: [{ toolCalls: [{ name: "read_file", arguments: {} }] }, done],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("completion_result")
		expect(resultOfRequest(agent, 1)).toMatch(/Missing required parameter "path"/)
	})

	it("a path with .. out of the workspace is asked about as outside, even with reads auto-approved", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: { autoApproval: { enabled: true, readOnly: true } },
			outsideFiles: { "secret.txt": "top secret" },
			scenario: [
				{ toolCalls: [{ name: "read_file", arguments: { path: "../outside/secret.txt" } }] },
				done,
			],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("tool")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toMatchObject({
			tool: "readFile",
			isOutsideWorkspace: true,
		})
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		expect(resultOfRequest(agent, 1)).not.toContain("top secret")
	})

	it("an empty response is retried rather than stored", async () => {
		agent = await startAgent({ provider: "openai", scenario: [{ text: "" }, done] })
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("completion_result")
		// One request, retried once: one request row that ends well, one retry row that says why.
		expect(agent.client.says("api_req_started")).toHaveLength(1)
		expect(JSON.parse(agent.client.says("api_req_started")[0]?.text ?? "{}")).not.toHaveProperty(
			"streamingFailedMessage",
		)
		const retries = agent.client.says("api_req_retry_delayed")
		expect(retries).toHaveLength(1)
		expect(JSON.parse(retries[0]?.text ?? "{}")).toMatchObject({
			attempt: 1,
			error: expect.stringMatching(/empty response/),
			result: "succeeded",
		})
	})
})

describe("tool arguments too deep or too large to store", () => {
	const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`
	it.each([
		[
			"nested 20,000 deep",
			`{"path":"deep.txt","content":"x","n":${nested(20_000)}}`,
			/nested too deeply/,
		],
		["over 1 MiB", JSON.stringify({ path: "deep.txt", content: "x".repeat(1_200_000) }), /too large/],
	])("%s: refused before running, the task goes on and resumes from disk", async (_, args, why) => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, write: true } },
			scenario: [{ toolCalls: [{ name: "write_to_file", arguments: args }] }, done, done],
		})
		await agent.send({ type: "newTask", text: "write" })
		await agent.client.waitForAsk("completion_result")
		await expect(agent.read("deep.txt")).rejects.toThrow(/ENOENT/)
		expect(resultOfRequest(agent, 1)).toMatch(why)
		const taskId = agent.controller.currentTask?.taskId ?? ""
		const history = structuredClone(agent.controller.currentTask?.history.all)

		await agent.restart()
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		expect(agent.controller.currentTask?.history.all).toEqual(history)
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "again" })
		await agent.client.waitFor((m) => m.says("completion_result").length === 2, "the second result")
		// The refused call is kept with empty arguments: nothing deep or huge is sent back.
		expect(JSON.stringify(chatRequests(agent)[2]?.body)).toContain('"input":{}')
	})
})

describe("provider failures", () => {
	it("a 401 is not retried: one request, then api_req_failed with a clear message", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{ error: { status: 401, type: "authentication_error", message: "invalid x-api-key" } },
			],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("api_req_failed")
		expect(chatRequests(agent)).toHaveLength(1)
		expect(agent.client.messages.at(-1)?.text).toMatch(/key/i)
		expect(agent.client.controls.primaryButton?.text).toBe("Retry")
	})

	it("five 500s in a row: retries, then the person's Retry, then success", async () => {
		const failure = { error: { status: 500, message: "upstream exploded" } }
		agent = await startAgent({
			provider: "ollama",
			scenario: [failure, failure, failure, failure, failure, done],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("api_req_failed")
		expect(chatRequests(agent)).toHaveLength(3)
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(chatRequests(agent)).toHaveLength(6)
	})

	it("a command that never ends is killed at the timeout", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: {
				commandTimeoutSec: 1,
				autoApproval: { enabled: true, execute: true },
				allowedCommands: ["sleep"],
			},
			scenario: [
				{ toolCalls: [{ name: "execute_command", arguments: { command: "sleep 60" } }] },
				done,
			],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("completion_result")
		expect(resultOfRequest(agent, 1)).toMatch(/timed out|timeout/i)
	})
})

describe.each(providers)("recovery over %s", (provider) => {
	it("a 429 with retry-after is waited out and retried", async () => {
		agent = await startAgent({
			provider,
			scenario: [{ error: { status: 429, message: "slow down", retryAfter: "1" } }, done],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("completion_result")
		const delayed = JSON.parse(agent.client.says("api_req_retry_delayed")[0]?.text ?? "{}")
		expect(delayed).toMatchObject({ attempt: 1, delayMs: 1000, status: 429 })
		expect(chatRequests(agent)).toHaveLength(2)
	})

	it("a 500 is retried; a 401 is not and says what to fix", async () => {
		agent = await startAgent({
			provider,
			scenario: [{ error: { status: 500 } }, done, { error: { status: 401 } }],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("completion_result")
		expect(JSON.parse(agent.client.says("api_req_retry_delayed")[0]?.text ?? "{}")).toMatchObject({
			status: 500,
			result: "succeeded",
		})
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "once more" })
		await agent.client.waitForAsk("api_req_failed")
		expect(chatRequests(agent)).toHaveLength(3)
		expect(agent.client.messages.at(-1)?.text).toMatch(/key|credentials/i)
	})

	it("a disconnect mid-stream is retried and the cut answer is not sent back to the model", async () => {
		agent = await startAgent({
			provider,
			scenario: [
				{
					text: "This answer will be cut off somewhere in the middle",
					textChunks: 8,
					disconnectAfterChunks: 5,
				},
				done,
			],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("completion_result")
		expect(JSON.stringify(chatRequests(agent)[1]?.body)).not.toContain("cut off")
		const [retry] = agent.client.says("api_req_retry_delayed")
		expect(JSON.parse(retry?.text ?? "{}")).toMatchObject({
			error: expect.any(String),
			result: "succeeded",
		})
	})

	it("the mistake limit asks the person after three answers without a tool; Proceed goes on", async () => {
		const chat = { text: "Let me think about it." }
		agent = await startAgent({ provider, scenario: [chat, chat, chat, done] })
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("mistake_limit_reached")
		expect(chatRequests(agent)).toHaveLength(3)
		await agent.press("primary", "Use attempt_completion now.")
		await agent.client.waitForAsk("completion_result")
		const last = JSON.stringify(chatRequests(agent).at(-1)?.body)
		expect(last).toContain("Use attempt_completion now.")
		expect(last).toContain("did not use a tool")
	})
})
