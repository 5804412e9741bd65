import { readFile } from "node:fs/promises"
import { systemText, type RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 39, item 5: a team's subagent definitions (.claude/agents, .cairn/agents) are modes a
// new_task can target: the child runs with the subagent's prompt and only the tools it lists.

const reviewer = await readFile(
	new URL("../skills/subagents/fixtures/code-reviewer.md", import.meta.url),
	"utf8",
)
const files = {
	".claude/agents/code-reviewer.md": reviewer,
	".claude/agents/code.md": "---\nname: code\ndescription: Takes a built-in mode's name.\n---\nNEVER USED",
	".claude/agents/tester.md": "---\nname: tester\ndescription: Claude's tester.\n---\nCLAUDE TESTER",
	".cairn/agents/tester.md":
		"---\nname: tester\ndescription: The team's tester.\ntools: Read\n---\nCAIRN TESTER",
}
const complete = (result: string) => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })
const delegate = (mode: string, message: string) => ({
	toolCalls: [{ name: "new_task", arguments: { mode, message } }],
})

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const requestOf = (a: AgentHarness, text: string): RecordedRequest | undefined =>
	a.server.requests.find(
		(r) => r.route === "chat" && JSON.stringify(r.body).includes(`<task>\\n${text}\\n</task>`),
	)
const toolNames = (request: RecordedRequest | undefined) =>
	((request?.body as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name)

describe("subagents as modes", () => {
	it("a parent delegates to a Claude Code subagent, which runs with its prompt and its tools only", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files,
			settings: { mode: "orchestrator", autoApproval: { enabled: true, alwaysAllowSubtasks: true } },
			scenario: [
				delegate("code-reviewer", "review the change"),
				complete("no issues"),
				delegate("tester", "test it"),
				complete("tested"),
				complete("all done"),
			],
		})
		await agent.send({ type: "newTask", text: "review and test" })
		await agent.client.waitForAsk("completion_result")

		const parent = systemText(requestOf(agent, "review and test")!.body)
		expect(parent).toContain("code-reviewer")
		expect(parent).toContain("Expert code review specialist.")
		expect(parent).not.toContain("Takes a built-in mode's name.")

		const review = requestOf(agent, "review the change")
		expect(systemText(review!.body)).toContain("You are a senior code reviewer.")
		expect(toolNames(review)).toContain("read_file")
		expect(toolNames(review)).toContain("execute_command")
		expect(toolNames(review)).not.toContain("write_to_file")

		// Cairn's own folder wins the name.
		const test = systemText(requestOf(agent, "test it")!.body)
		expect(test).toContain("CAIRN TESTER")
		expect(test).not.toContain("CLAUDE TESTER")
		expect(JSON.stringify(agent.server.requests)).not.toContain("NEVER USED")
	})
})
