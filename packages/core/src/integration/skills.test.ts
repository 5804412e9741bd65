import { lastToolResult, systemText } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 39, item 4: the prompt lists a skill by name and description; the model loads its body
// with use_skill and runs its script as any command, under the person's approval.

const skill = [
	"---",
	"name: release-notes",
	"description: Writes release notes. Use when asked for release notes.",
	"---",
	"SKILL BODY: run the collect script, then group the commits.",
].join("\n")
const files = {
	".claude/skills/release-notes/SKILL.md": skill,
	".claude/skills/release-notes/scripts/collect.sh": "echo COLLECTED-COMMITS\n",
}
const useSkill = { toolCalls: [{ name: "use_skill", arguments: { name: "release-notes" } }] }
const runScript = {
	toolCalls: [
		{
			name: "execute_command",
			arguments: { command: "sh .claude/skills/release-notes/scripts/collect.sh" },
		},
	],
}
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const chats = (a: AgentHarness) => a.server.requests.filter((request) => request.route === "chat")
const toolNames = (body: unknown) => ((body as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name)

describe("Agent Skills in a task", () => {
	it("lists the skill, loads its body on use_skill and runs its script only once the person approves", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files,
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [useSkill, runScript, done],
		})
		await agent.send({ type: "newTask", text: "write the release notes" })
		await agent.client.waitForAsk("command")
		const [first, second] = chats(agent)
		const prompt = systemText(first!.body)
		expect(prompt).toContain("SKILLS")
		expect(prompt).toContain("- release-notes: Writes release notes. Use when asked for release notes.")
		expect(prompt).not.toContain("SKILL BODY")
		expect(toolNames(first!.body)).toContain("use_skill")
		const loaded = lastToolResult(second!)
		expect(loaded).toContain("SKILL BODY: run the collect script, then group the commits.")
		expect(loaded).toContain("- .claude/skills/release-notes/scripts/collect.sh")
		const row = agent.client.messages.find((m) => m.say === "tool" && m.text?.includes('"useSkill"'))
		expect(JSON.parse(row?.text ?? "{}")).toMatchObject({ tool: "useSkill", name: "release-notes" })

		// The script waited for the person: nothing ran before the approval.
		expect(chats(agent)).toHaveLength(2)
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(lastToolResult(chats(agent)[2]!)).toContain("COLLECTED-COMMITS")
	})

	it("offers no use_skill and no SKILLS section where no skill is enabled", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files,
			settings: { disabledSkills: ["release-notes"] },
			scenario: [useSkill, done],
		})
		await agent.send({ type: "newTask", text: "write the release notes" })
		await agent.client.waitForAsk("completion_result")
		const [first, second] = chats(agent)
		expect(systemText(first!.body)).not.toContain("release-notes")
		expect(toolNames(first!.body)).not.toContain("use_skill")
		expect(lastToolResult(second!)).toContain('There is no skill named "release-notes" to use.')
	})
})
