import type { RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 18, @-mentions: what the person mentions reaches the model as tagged blocks with their
// message; the transcript keeps the message as typed; what the model writes is never resolved.

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const chatRequests = (harness: AgentHarness): RecordedRequest[] =>
	harness.server.requests.filter((r) => r.route === "chat")

/** The text of the last user message of a recorded request (Anthropic's wire format). */
function lastUserText(request: RecordedRequest | undefined): string {
	const body = request?.body as { messages: { role: string; content: unknown }[] }
	const last = body.messages.filter((m) => m.role === "user").at(-1)
	return JSON.stringify(last?.content ?? "")
}

describe("@-mentions", () => {
	it("resolve in the first message and in feedback, never in the model's own words", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: {
				"src/a.ts": "export const answer = 42\n",
				"src/b.ts": "export const other = 7\n",
				".cairnignore": "secret.txt\n",
				"secret.txt": "hunter2\n",
			},
			scenario: [
				{
					toolCalls: [
						{ name: "attempt_completion", arguments: { result: "See @/src/b.ts for more." } },
					],
				},
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] },
			],
		})
		await agent.send({ type: "newTask", text: "explain @/src/a.ts and @/secret.txt" })
		await agent.client.waitForAsk("completion_result")

		const first = lastUserText(chatRequests(agent)[0])
		expect(first).toContain("<task>\\nexplain @/src/a.ts and @/secret.txt\\n</task>")
		expect(first).toContain('<file_content path=\\"src/a.ts\\">\\nexport const answer = 42\\n')
		expect(first).toContain("blocked by the .cairnignore file")
		expect(first).not.toContain("hunter2")
		// The person sees what they typed, not the blocks, and which mention was left out.
		expect(agent.client.messages[0]?.text).toBe("explain @/src/a.ts and @/secret.txt")
		expect(agent.client.messages[0]?.mentionsLeftOut).toEqual(["@/secret.txt"])

		await agent.send({
			type: "askResponse",
			askResponse: "messageResponse",
			text: "now compare with @/src/b.ts",
		})
		await agent.client.waitFor(() => chatRequests(agent!).length === 2, "the feedback's request")
		await agent.client.waitForAsk("completion_result")
		const second = lastUserText(chatRequests(agent)[1])
		expect(second).toContain("now compare with @/src/b.ts")
		expect(second).toContain('<file_content path=\\"src/b.ts\\">\\nexport const other = 7\\n')
		// Mentioned once by the person: the model's "@/src/b.ts" in its result added nothing.
		expect(second.match(/<file_content path=/g)).toHaveLength(1)
		expect(agent.client.says("user_feedback").at(-1)?.text).toBe("now compare with @/src/b.ts")
	}, 30_000)

	it("that cannot be included are told to the person on their message's row, not only to the model", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "src/a.ts": "export const answer = 42\n" },
			scenario: [
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Looked." } }] },
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] },
			],
		})
		// The workspace is no git repository.
		await agent.send({ type: "newTask", text: "what changed? @git-changes @/src/a.ts" })
		await agent.client.waitForAsk("completion_result")
		expect(lastUserText(chatRequests(agent)[0])).toContain("the workspace is not a git repository")
		expect(agent.client.messages[0]?.mentionsLeftOut).toEqual(["@git-changes"])

		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "and @/src/gone.ts?" })
		await agent.client.waitFor(() => chatRequests(agent!).length === 2, "the feedback's request")
		await agent.client.waitForAsk("completion_result")
		const feedback = agent.client.says("user_feedback").at(-1)
		expect(feedback?.text).toBe("and @/src/gone.ts?")
		expect(feedback?.mentionsLeftOut).toEqual(["@/src/gone.ts"])
	}, 30_000)

	it("are not resolved in a subtask's first message, which the parent's model wrote", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "orchestrator", autoApproval: { enabled: true, alwaysAllowSubtasks: true } },
			files: { "src/a.ts": "export const answer = 42\n" },
			scenario: [
				{
					toolCalls: [
						{ name: "new_task", arguments: { mode: "code", message: "review @/src/a.ts" } },
					],
				},
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Reviewed." } }] },
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "All done." } }] },
			],
		})
		await agent.send({ type: "newTask", text: "plan a review" })
		await agent.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "completion_result" && m.says("subtask_result").length === 1,
			"the parent's completion after its subtask",
		)
		const child = lastUserText(chatRequests(agent)[1])
		expect(child).toContain("<task>\\nreview @/src/a.ts\\n</task>")
		expect(child).not.toContain("<file_content")
	}, 30_000)

	it("the menu's search answers with matching files and folders, by request id", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: {
				"src/components/ChatTextArea.tsx": "",
				"src/util/text.ts": "",
				".cairnignore": "private/\n",
				"private/notes.md": "",
			},
		})
		await agent.send({ type: "searchFiles", query: "chattext", requestId: 41 })
		const answer = agent.client.received.find((m) => m.type === "fileSearchResults")
		expect(answer).toEqual({
			type: "fileSearchResults",
			requestId: 41,
			results: [{ path: "src/components/ChatTextArea.tsx", type: "file" }],
			commits: [],
		})
		await agent.send({ type: "searchFiles", query: "", requestId: 42 })
		const all = agent.client.received.filter((m) => m.type === "fileSearchResults").at(-1)
		expect(JSON.stringify(all)).not.toContain("private")
		expect(all).toMatchObject({
			requestId: 42,
			results: expect.arrayContaining([{ path: "src", type: "folder" }]),
		})
	})
})
