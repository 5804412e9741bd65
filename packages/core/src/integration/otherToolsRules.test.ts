import { systemText } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 39: other tools' instruction files reach the prompt as they are; a glob rule joins once
// the task works on a file it names, and a kind the person turned off never does.

const readA = { toolCalls: [{ name: "read_file", arguments: { path: "src/a.ts" } }] }
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const readsAlone = { enabled: true, readOnly: true }
const files = {
	"src/a.ts": "export const a = 1\n",
	"CLAUDE.md": "CLAUDE RULE: build with make.",
	".cursor/rules/typescript.mdc": "---\nglobs: *.ts\nalwaysApply: false\n---\nTS RULE: no any.",
}

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

async function systemPrompts(a: AgentHarness): Promise<string[]> {
	await a.send({ type: "newTask", text: "look at a.ts" })
	await a.client.waitFor(
		(m) => m.messages.at(-1)?.ask === "completion_result" && m.messages.at(-1)?.partial !== true,
		"the completion",
	)
	return a.server.requests.filter((request) => request.route === "chat").map((r) => systemText(r.body))
}

describe("other tools' instruction files in a task", () => {
	it("are in every request, a glob rule from the turn after the task read a file it names", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files,
			settings: { autoApproval: readsAlone },
			scenario: [readA, done],
		})
		const [first, second] = await systemPrompts(agent)
		expect(first).toContain("RULES FROM CLAUDE.md (Claude Code)\n\nCLAUDE RULE: build with make.")
		expect(first).not.toContain("TS RULE")
		expect(second).toContain("RULES FROM .cursor/rules/typescript.mdc (Cursor)\n\nTS RULE: no any.")
	})

	it("are left out by kind when the person turned that kind off", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files,
			settings: { autoApproval: readsAlone, disabledInstructionFiles: ["claude", "cursor"] },
			scenario: [readA, done],
		})
		const prompts = await systemPrompts(agent)
		expect(prompts).toHaveLength(2)
		for (const prompt of prompts) {
			expect(prompt).not.toContain("CLAUDE RULE")
			expect(prompt).not.toContain("TS RULE")
		}
	})
})
