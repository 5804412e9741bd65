import type { ClineMessage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const down = { error: { status: 503, message: "The server is restarting" } }
const payload = (row: ClineMessage | undefined): Record<string, unknown> =>
	JSON.parse(row?.text ?? "{}") as Record<string, unknown>

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("rows that tell the truth", () => {
	it("a provider that is down and then back shows one request row and one retry row", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: { requestRetries: 5 },
			scenario: [down, down, down, done],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("completion_result")
		const requests = agent.client.says("api_req_started")
		expect(requests).toHaveLength(1)
		expect(payload(requests[0])).toMatchObject({ cost: expect.any(Number) })
		expect(payload(requests[0])).not.toHaveProperty("streamingFailedMessage")
		const retries = agent.client.says("api_req_retry_delayed")
		expect(retries).toHaveLength(1)
		expect(payload(retries[0])).toMatchObject({
			attempt: 3,
			maxAttempts: 5,
			status: 503,
			result: "succeeded",
			// Worded once, as a sentence, naming the server's address once.
			error: expect.stringMatching(
				/^The OpenAI-compatible server at http:\/\/127\.0\.0\.1:\d+\/v1 had a server error \(503: The server is restarting\)\.$/,
			),
		})
		expect(agent.client.messages.filter((m) => m.say === "error")).toEqual([])
	})

	it("retries that run out end the retry row as failed, and the person is asked once", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: { requestRetries: 2 },
			scenario: [down, down, down, done],
		})
		await agent.send({ type: "newTask", text: "x" })
		await agent.client.waitForAsk("api_req_failed")
		expect(agent.client.says("api_req_started")).toHaveLength(1)
		const retries = agent.client.says("api_req_retry_delayed")
		expect(retries).toHaveLength(1)
		expect(payload(retries[0])).toMatchObject({ attempt: 2, result: "failed" })
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		// The person's retry is a new request, with rows of its own.
		expect(agent.client.says("api_req_started")).toHaveLength(2)
	})

	it("cancel while a tool call streams keeps the partial row, marked cancelled, with no error row", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{
					toolCalls: [
						{
							name: "write_to_file",
							arguments: { path: "notes.md", content: "a\nb\nc\nd\ne\n" },
						},
					],
					// The path arrives within the first deltas; the content never completes.
					argumentChunks: 12,
					stallAfterChunks: 10,
				},
				done,
			],
		})
		await agent.send({ type: "newTask", text: "write" })
		await agent.client.waitFor(
			(m) =>
				m.messages.some(
					(x) => x.ask === "tool" && x.partial === true && payload(x).path === "notes.md",
				),
			"the streaming tool row with its path",
		)
		// While it streams, the request row already counts the input tokens the provider reported.
		expect(payload(agent.client.says("api_req_started")[0])).toMatchObject({
			tokensIn: expect.any(Number),
		})
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		const tool = agent.client.says("tool")
		expect(tool).toHaveLength(1)
		expect(tool[0]).toMatchObject({ outcome: "cancelled", partial: false })
		expect(payload(tool[0])).toMatchObject({ tool: "newFileCreated", path: "notes.md" })
		expect(agent.client.messages.filter((m) => m.say === "error")).toEqual([])
		expect(payload(agent.client.says("api_req_started")[0])).toMatchObject({
			cancelReason: "user_cancelled",
		})
	})

	it("an approved and a rejected edit end with different outcomes; auto-approved rows say so", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, readOnly: true } },
			files: { "a.txt": "old\n" },
			scenario: [
				{ toolCalls: [{ name: "read_file", arguments: { path: "a.txt" } }] },
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "a.txt", content: "new\n" } }] },
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "b.txt", content: "b\n" } }] },
				done,
			],
		})
		await agent.send({ type: "newTask", text: "edit" })
		await agent.client.waitForAsk("tool")
		await agent.press("primary")
		await agent.client.waitFor(
			(m) => m.messages.filter((x) => x.ask === "tool" && !x.partial).length === 2,
			"the second edit's ask",
		)
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		const rows = agent.client.messages.filter((m) => m.say === "tool" || m.ask === "tool")
		expect(rows.map((m) => [payload(m).path, m.outcome])).toEqual([
			["a.txt", "auto_approved"],
			["a.txt", "approved"],
			["b.txt", "rejected"],
		])
	})

	it("a command's row shows its exit code", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{ toolCalls: [{ name: "execute_command", arguments: { command: "echo hi; exit 3" } }] },
				done,
			],
		})
		await agent.send({ type: "newTask", text: "run" })
		await agent.client.waitForAsk("command")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		const command = agent.client.messages.find((m) => m.ask === "command")
		expect(command).toMatchObject({ outcome: "approved", commandExit: { exitCode: 3 } })
	})

	it("an approved call that then fails is marked failed", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{
					toolCalls: [
						{ name: "execute_command", arguments: { command: "ls", cwd: "no-such-folder" } },
					],
				},
				done,
			],
		})
		await agent.send({ type: "newTask", text: "run" })
		await agent.client.waitForAsk("command")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.messages.find((m) => m.ask === "command")).toMatchObject({ outcome: "failed" })
	})

	it("a question answered with a suggestion remembers which one", async () => {
		const question = { question: "Which file?", follow_up: [{ text: "a.ts" }, { text: "b.ts" }] }
		agent = await startAgent({
			provider: "anthropic",
			scenario: [{ toolCalls: [{ name: "ask_followup_question", arguments: question }] }, done],
		})
		await agent.send({ type: "newTask", text: "ask" })
		await agent.client.waitForAsk("followup")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "b.ts" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.messages.find((m) => m.ask === "followup")).toMatchObject({ chosenSuggestion: 1 })
	})
})
