import { lastToolResult } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type ServedProvider } from "../test-support/agentHarness.js"

const providers: ServedProvider[] = [
	"anthropic",
	"openai",
	"ollama",
	"gemini",
	"vertex-claude",
	"vertex-gemini",
	"openrouter",
	"lmstudio",
	"bedrock",
]
const run = (command: string) => ({ toolCalls: [{ name: "execute_command", arguments: { command } }] })
const reportResult = { toolCalls: [{ name: "attempt_completion", arguments: { result: "ok" } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe.each(providers)("commands over %s", (provider) => {
	it("runs an approved command and gives the model its output and exit code", async () => {
		agent = await startAgent({ provider, scenario: [run("echo hello-from-cairn"), reportResult] })
		await agent.send({ type: "newTask", text: "say hello" })
		await agent.client.waitForAsk("command")
		expect(agent.client.controls.primaryButton?.text).toBe("Run")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		const second = agent.server.requests.filter((r) => r.route === "chat")[1]
		expect(second && lastToolResult(second)).toMatch(/hello-from-cairn/)
		expect(second && lastToolResult(second)).toMatch(/exit code 0/i)
	})

	it("kills a running command from its command_output row", async () => {
		agent = await startAgent({ provider, scenario: [run("echo started; sleep 60"), reportResult] })
		await agent.send({ type: "newTask", text: "run forever" })
		await agent.client.waitForAsk("command")
		await agent.press("primary")
		await agent.client.waitFor(
			(m) =>
				m.messages.at(-1)?.ask === "command_output" &&
				(m.messages.at(-1)?.text ?? "").includes("started"),
			"command output",
		)
		expect(agent.client.state.state).toBe("running")
		expect(agent.client.controls.secondaryButton?.text).toBe("Kill Command")
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		const second = agent.server.requests.filter((r) => r.route === "chat")[1]
		expect(second && lastToolResult(second)).toMatch(/started/)
		// The person stopped the command, not the task: the task goes on.
		expect(second && lastToolResult(second)).toMatch(/The user stopped the command; the task goes on\./)
	})
})

describe.each(providers)("auto-approval of commands over %s", (provider) => {
	const settings = {
		autoApproval: { enabled: true, execute: true },
		allowedCommands: ["git log", "echo"],
		deniedCommands: ["rm"],
	}

	it("runs an allowed command without asking", async () => {
		agent = await startAgent({ provider, settings, scenario: [run("echo auto"), reportResult] })
		await agent.send({ type: "newTask", text: "echo" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.messages.some((m) => m.ask === "command")).toBe(false)
		const row = agent.client.says("tool").find((m) => (m.text ?? "").includes("executeCommand"))
		expect(JSON.parse(row?.text ?? "{}")).toEqual({ tool: "executeCommand", command: "echo auto" })
	})

	it("asks for a chained command whose second part is not allowed (git log && rm -rf x)", async () => {
		agent = await startAgent({
			provider,
			settings,
			files: { "x/keep": "1" },
			scenario: [run("git log && rm -rf x"), reportResult],
		})
		await agent.send({ type: "newTask", text: "bypass" })
		await agent.client.waitForAsk("command")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toMatchObject({
			command: "git log && rm -rf x",
			deniedBy: "rm",
		})
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("x/keep")).toBe("1")
	})

	it("asks for a command hidden in a substitution of an allowed one", async () => {
		agent = await startAgent({
			provider,
			settings: { ...settings, deniedCommands: [] },
			scenario: [run("echo $(curl example.invalid)"), reportResult],
		})
		await agent.send({ type: "newTask", text: "sneaky" })
		await agent.client.waitForAsk("command")
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
	})
})

// Issue 33: with "*" allowed, a command reading a file .cairnignore blocks ran unasked; with
// auto-approval off, the ask did not say so (and -y approved it).
describe("commands that read files .cairnignore blocks", () => {
	const files = {
		".cairnignore": "secrets/\nprivate/\n",
		"secrets/creds.json": "k",
		"private/notes": "password",
	}
	const autoAll = { autoApproval: { enabled: true, execute: true }, allowedCommands: ["*"] }

	it.each([
		["cat secrets/creds.json", "secrets/creds.json", autoAll],
		["grep -r password private/", "private", autoAll],
		["cd private && cat notes", "private", autoAll],
		["cat secrets/*", "secrets/creds.json", autoAll],
		["grep -r password .", "private", autoAll],
		["cat secrets/creds.json", "secrets/creds.json", { autoApproval: { enabled: false } }],
	])("%s asks, naming %s", async (command, ignoredPath, settings) => {
		agent = await startAgent({
			provider: "anthropic",
			settings,
			files,
			scenario: [run(command), reportResult],
		})
		await agent.send({ type: "newTask", text: "look" })
		await agent.client.waitForAsk("command")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toMatchObject({
			command,
			ignoredPath,
			reason: expect.stringContaining(".cairnignore"),
		})
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
	})

	it("find -exec runs a denied program: it is denied, not auto-approved", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { ...autoAll, deniedCommands: ["touch"] },
			scenario: [run("find . -maxdepth 0 -exec touch made \\;"), reportResult],
		})
		await agent.send({ type: "newTask", text: "make" })
		await agent.client.waitForAsk("command")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toMatchObject({ deniedBy: "touch" })
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		await expect(agent.read("made")).rejects.toThrow()
	})
})
