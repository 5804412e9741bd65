import { clineAskCommandSchema } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const run = (command: string) => ({ toolCalls: [{ name: "execute_command", arguments: { command } }] })
const reportResult = { toolCalls: [{ name: "attempt_completion", arguments: { result: "ok" } }] }
const settings = { autoApproval: { enabled: true, execute: true }, allowedCommands: ["echo"] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** The waiting command ask: its ts and what it carries. */
function waitingCommand(harness: AgentHarness) {
	const row = harness.client.messages.at(-1)
	return { ts: row?.ts ?? 0, ask: clineAskCommandSchema.parse(JSON.parse(row?.text ?? "{}")) }
}

const errors = (harness: AgentHarness) =>
	harness.client.received.filter(
		(message) => message.type === "error" && message.inReplyTo === "alwaysAllowCommand",
	)

describe("Always allow on a command ask", () => {
	it("offers the narrowest rule, saves the one the host works out, runs the command, and the next one runs unasked", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings,
			scenario: [run("git log --oneline -1 || true"), run("git log -1 || true"), reportResult],
		})
		await agent.send({ type: "newTask", text: "look at history" })
		await agent.client.waitForAsk("command")
		const { ts, ask } = waitingCommand(agent)
		expect(ask.allowRules).toEqual(["git log"])
		await agent.send({ type: "alwaysAllowCommand", ts, rules: ["git log"] })
		await agent.client.waitForAsk("completion_result")
		expect(errors(agent)).toEqual([])
		expect(agent.controller.settingsStore.settings.allowedCommands).toEqual(["echo", "git log"])
		expect(agent.client.messages.find((m) => m.ts === ts)?.outcome).toBe("approved")
		// The second command was allowed by the saved rule: it never asked.
		expect(agent.client.messages.filter((m) => m.ask === "command")).toHaveLength(1)
	})

	it("saves nothing a client names that the host would not offer, and leaves the ask waiting", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings,
			scenario: [run("git log -1"), reportResult],
		})
		await agent.send({ type: "newTask", text: "look at history" })
		await agent.client.waitForAsk("command")
		const { ts } = waitingCommand(agent)
		for (const rules of [["*"], ["git"], ["git log", "rm"]])
			await agent.send({ type: "alwaysAllowCommand", ts, rules })
		await agent.send({ type: "alwaysAllowCommand", ts: ts + 1, rules: ["git log"] })
		expect(errors(agent)).toHaveLength(4)
		expect(agent.controller.settingsStore.settings.allowedCommands).toEqual(["echo"])
		expect(agent.client.messages.at(-1)).toMatchObject({ ts, ask: "command" })
		expect(agent.client.messages.at(-1)?.outcome).toBeUndefined()
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
	})

	it("offers no rule where none short of * would allow the command, nor while commands are not auto-approved", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings,
			scenario: [run("git log > out.txt"), reportResult],
		})
		await agent.send({ type: "newTask", text: "write history" })
		await agent.client.waitForAsk("command")
		expect(waitingCommand(agent).ask.allowRules).toBeUndefined()
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		await agent.cleanup()

		agent = await startAgent({
			provider: "anthropic",
			settings: { ...settings, autoApproval: { enabled: true, execute: false } },
			scenario: [run("git log -1"), reportResult],
		})
		await agent.send({ type: "newTask", text: "look at history" })
		await agent.client.waitForAsk("command")
		expect(waitingCommand(agent).ask.allowRules).toBeUndefined()
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
	})
})
