import { systemText } from "@cairn/model-server"
import { mkdir, symlink } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 33: a cloned repository's rules files are data. Links out of the workspace never reach
// the model; the person sees a line saying what was not read.

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("rules files that link out of the workspace", () => {
	it("never reach the first request's system prompt; the person sees why they were left out", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "src/a.ts": "export const a = 1\n" },
			outsideFiles: { id_ed25519: "-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXk" },
			scenario: [done],
		})
		const a = agent
		await symlink(
			path.join(a.workspace, "..", "outside", "id_ed25519"),
			path.join(a.workspace, "AGENTS.md"),
		)
		await mkdir(path.join(a.workspace, ".cairn", "rules"), { recursive: true })
		await symlink("/proc/self/cmdline", path.join(a.workspace, ".cairn", "rules", "x.md"))
		await a.send({ type: "newTask", text: "look around" })
		await a.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "completion_result" && m.messages.at(-1)?.partial !== true,
			"the completion",
		)

		const first = a.server.requests.find((request) => request.route === "chat")
		const system = systemText(first?.body)
		expect(system).not.toContain("PRIVATE KEY")
		expect(system).toContain(
			"(Cairn did not read this file: AGENTS.md is a link to a file outside the workspace; it was not read.)",
		)
		const errors = a.client.messages.filter((m) => m.say === "error").map((m) => m.text)
		expect(errors).toEqual([
			"AGENTS.md is a link to a file outside the workspace; it was not read",
			".cairn/rules/x.md is a link to a file outside the workspace; it was not read",
		])
	})
})
