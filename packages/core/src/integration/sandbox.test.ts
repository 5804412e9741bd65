import { existsSync } from "node:fs"
import path from "node:path"
import { lastToolResult } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { probeSandbox } from "../sandbox/sandboxProbe.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const availability = await probeSandbox("bwrap")
const why = availability.available ? "" : ` (skipped: ${availability.reason})`

const run = (command: string) => ({ toolCalls: [{ name: "execute_command", arguments: { command } }] })
const reportResult = { toolCalls: [{ name: "attempt_completion", arguments: { result: "ok" } }] }
const settings = {
	autoApproval: { enabled: true, execute: true },
	allowedCommands: ["sh", "echo"],
	commandSandbox: true,
}
// The analyser would ask for `touch ../outside/…` itself; a script of the workspace's is what
// only the sandbox can stop.
const writeOutside = "sh write-next-door.sh"
const script = { "write-next-door.sh": "touch ../outside/made-by-command\n" }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const madeOutside = (harness: AgentHarness) =>
	existsSync(path.join(harness.workspace, "..", "outside", "made-by-command"))
const toolResultOf = (harness: AgentHarness, request: number) => {
	const sent = harness.server.requests.filter((r) => r.route === "chat")[request]
	return sent ? lastToolResult(sent) : undefined
}

describe.skipIf(!availability.available)(`an auto-approved command in the sandbox${why}`, () => {
	const start = () =>
		startAgent({
			provider: "anthropic",
			settings,
			files: script,
			outsideFiles: { keep: "1" },
			scenario: [run(writeOutside), reportResult],
		})

	it("fails writing outside the workspace, asks, and runs unsandboxed once the person approves", async () => {
		agent = await start()
		await agent.send({ type: "newTask", text: "make a file next door" })
		await agent.client.waitForAsk("command")
		const ask = JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")
		expect(ask).toMatchObject({ command: writeOutside })
		expect(ask.sandboxFailure).toMatch(/outside the workspace/)
		expect(madeOutside(agent)).toBe(false)
		const sandboxOutput = agent.client.messages.filter((m) => m.ask === "command_output")
		// Its folder lies in /tmp here, which the sandbox replaces with a /tmp of its own.
		expect(sandboxOutput.at(-1)?.text).toMatch(/no such file or directory/i)

		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(madeOutside(agent)).toBe(true)
		const result = toolResultOf(agent, 1)
		expect(result).toMatch(/failed there: it used a path outside the workspace/)
		expect(result).toMatch(/approved running it outside the sandbox[\s\S]*exit code 0/i)
	})

	it("tells the model when the person declines to run it outside the sandbox", async () => {
		agent = await start()
		await agent.send({ type: "newTask", text: "make a file next door" })
		await agent.client.waitForAsk("command")
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		expect(madeOutside(agent)).toBe(false)
		expect(toolResultOf(agent, 1)).toMatch(/asked to run it outside the sandbox and declined/)
	})
})

describe.skipIf(!availability.available)(`an auto-approved command writing a protected path${why}`, () => {
	const planting = (script: string) =>
		startAgent({
			provider: "anthropic",
			settings,
			files: { "plant.sh": script },
			scenario: [run("sh plant.sh"), reportResult],
		})

	it("fails in the sandbox, asks with the path, and writes it once the person approves", async () => {
		agent = await planting("mkdir -p .cairn && echo '{}' > .cairn/hooks.json\n")
		await agent.send({ type: "newTask", text: "add a hook" })
		await agent.client.waitForAsk("command")
		const ask = JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")
		expect(ask.sandboxFailure).toMatch(/it wrote \.cairn, which is protected/)
		const hooks = path.join(agent.workspace, ".cairn", "hooks.json")
		expect(existsSync(hooks)).toBe(false)

		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(existsSync(hooks)).toBe(true)
	})

	it("asks although the command exited 0 having created .gitattributes, which is moved out of the workspace meanwhile", async () => {
		agent = await planting("echo '* filter=x' > .gitattributes\n")
		await agent.send({ type: "newTask", text: "add attributes" })
		await agent.client.waitForAsk("command")
		const ask = JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")
		expect(ask.sandboxFailure).toMatch(/it created \.gitattributes, which is protected/)
		expect(existsSync(path.join(agent.workspace, ".gitattributes"))).toBe(false)

		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		expect(existsSync(path.join(agent.workspace, ".gitattributes"))).toBe(false)
		expect(toolResultOf(agent, 1)).toMatch(/created \.gitattributes[\s\S]*declined/)
	})
})

describe("an auto-approved command where the sandbox is unavailable", () => {
	it("asks a person instead, and says why once", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings,
			bwrapPath: `/nonexistent/bwrap-${Date.now()}`,
			scenario: [run("echo one"), run("echo two"), reportResult],
		})
		await agent.send({ type: "newTask", text: "echo twice" })
		await agent.client.waitForAsk("command")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toEqual({
			command: "echo one",
			isOutsideWorkspace: false,
		})
		await agent.press("primary")
		await agent.client.waitFor((m) => {
			const last = m.messages.at(-1)
			return last?.ask === "command" && last.partial !== true && (last.text ?? "").includes("echo two")
		}, "the second command's ask")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		const notices = agent.client
			.says("error")
			.filter((m) => (m.text ?? "").includes("command sandbox is not available"))
		expect(notices).toHaveLength(1)
		expect(toolResultOf(agent, 1)).toMatch(/one[\s\S]*exit code 0|exit code 0[\s\S]*one/i)
	})

	it("runs it without asking when the person turned the sandbox off", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { ...settings, commandSandbox: false },
			bwrapPath: "/nonexistent/bwrap",
			scenario: [run("echo unsandboxed"), reportResult],
		})
		await agent.send({ type: "newTask", text: "echo" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.messages.some((m) => m.ask === "command")).toBe(false)
	})
})
