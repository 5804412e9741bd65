import { readFile } from "node:fs/promises"
import path from "node:path"
import { lastToolResult, type RecordedRequest } from "@cairn/model-server"
import type { ClineMessage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type ServedProvider } from "../test-support/agentHarness.js"
import { everythingScript, fixtureEntry } from "../test-support/mcp/servers.js"
import { makeTempDir } from "../test-support/tempDir.js"

// Whole tasks that call real MCP servers (server-everything from npm, and the fixture server
// for faults) through the Controller, the Task and the official SDKs, against the model server.

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const everything = {
	mcpServers: { everything: { command: process.execPath, args: [everythingScript, "stdio"] } },
}

let agent: AgentHarness | undefined
const temps: { remove(): Promise<void> }[] = []
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
	await Promise.all(temps.splice(0).map((t) => t.remove()))
})

async function connected(a: AgentHarness, server: string) {
	await a.client.waitFor(
		(m) =>
			m.received.some(
				(r) =>
					r.type === "mcpServers" &&
					r.servers.some((s) => s.name === server && s.status === "connected"),
			),
		`${server} connected`,
		30_000,
	)
}

/** Waits until the fixture server's log has a line starting with `event`. */
async function logSays(log: string, event: string, timeoutMs = 10_000) {
	const deadline = Date.now() + timeoutMs
	while (
		!(await readFile(log, "utf8").catch(() => "")).split("\n").some((line) => line.startsWith(event))
	) {
		if (Date.now() > deadline) throw new Error(`the server never logged "${event}"`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

const chat = (a: AgentHarness) => a.server.requests.filter((r) => r.route === "chat")
const rows = (a: AgentHarness, say: ClineMessage["say"]) => a.client.says(say)
const toolNamesOffered = (request: RecordedRequest | undefined) => {
	const body = request?.body as { tools?: { name?: string; function?: { name: string } }[] } | undefined
	return (body?.tools ?? []).map((t) => t.name ?? t.function?.name)
}

describe.each<ServedProvider>(["anthropic", "openai"])("MCP over %s", (provider) => {
	it("offers server-everything's tools natively; a call is asked about, approved and answered", async () => {
		agent = await startAgent({
			provider,
			mcp: { global: everything },
			scenario: [
				{ toolCalls: [{ name: "mcp__everything__get-sum", arguments: { a: 2, b: 40 } }] },
				done,
			],
		})
		const a = agent
		await connected(a, "everything")
		await a.send({ type: "newTask", text: "add 2 and 40" })
		await a.client.waitForAsk("use_mcp_server")
		expect(JSON.parse(a.client.messages.at(-1)?.text ?? "{}")).toEqual({
			type: "use_mcp_tool",
			serverName: "everything",
			toolName: "get-sum",
			arguments: '{"a":2,"b":40}',
		})
		await a.press("primary")
		await a.client.waitForAsk("completion_result")
		expect(rows(a, "mcp_server_response").map((r) => [r.text, r.partial ?? false])).toEqual([
			[expect.stringContaining("42"), false],
		])
		expect(lastToolResult(chat(a)[1] as RecordedRequest)).toContain("42")
		const offered = toolNamesOffered(chat(a)[0])
		expect(offered).toEqual(
			expect.arrayContaining(["use_mcp_tool", "access_mcp_resource", "mcp__everything__echo"]),
		)
		const system = JSON.stringify(chat(a)[0]?.body)
		expect(system).toContain("MCP SERVERS")
		expect(system).toContain("demo://resource/static/document/architecture.md")
	})
})

describe("MCP calls", () => {
	it("an image result reaches a model that takes images as an image", async () => {
		agent = await startAgent({
			provider: "anthropic",
			mcp: { global: everything },
			settings: { autoApproval: { enabled: true, mcp: true } },
			scenario: [{ toolCalls: [{ name: "mcp__everything__get-tiny-image", arguments: {} }] }, done],
		})
		const a = agent
		await connected(a, "everything")
		await a.send({ type: "newTask", text: "show the image" })
		await a.client.waitForAsk("completion_result")
		// Auto-approved: a request_started row instead of the ask.
		expect(rows(a, "mcp_server_request_started")).toHaveLength(1)
		expect(rows(a, "mcp_server_response")[0]?.text).toMatch(/\[image image\/png, \d+ (B|KB)\]/)
		const body = JSON.stringify(chat(a)[1]?.body)
		expect(body).toContain('"type":"image"')
		expect(body).toContain('"media_type":"image/png"')
	})

	it("reads a resource through access_mcp_resource", async () => {
		agent = await startAgent({
			provider: "openai",
			mcp: { global: everything },
			scenario: [
				{
					toolCalls: [
						{
							name: "access_mcp_resource",
							arguments: {
								server_name: "everything",
								uri: "demo://resource/static/document/architecture.md",
							},
						},
					],
				},
				done,
			],
		})
		const a = agent
		await connected(a, "everything")
		await a.send({ type: "newTask", text: "read the architecture doc" })
		await a.client.waitForAsk("use_mcp_server")
		expect(JSON.parse(a.client.messages.at(-1)?.text ?? "{}")).toMatchObject({
			type: "access_mcp_resource",
		})
		await a.press("primary")
		await a.client.waitForAsk("completion_result")
		expect(lastToolResult(chat(a)[1] as RecordedRequest)).toContain(
			"[Resource demo://resource/static/document/architecture.md",
		)
	})

	it("a per-tool alwaysAllow runs that tool without asking, even with auto-approval off", async () => {
		agent = await startAgent({
			provider: "anthropic",
			mcp: {
				global: {
					mcpServers: {
						everything: { ...everything.mcpServers.everything, alwaysAllow: ["echo"] },
					},
				},
			},
			scenario: [
				{
					toolCalls: [
						{
							name: "use_mcp_tool",
							arguments: {
								server_name: "everything",
								tool_name: "echo",
								arguments: { message: "hi" },
							},
						},
					],
				},
				done,
			],
		})
		const a = agent
		await connected(a, "everything")
		await a.send({ type: "newTask", text: "echo hi" })
		await a.client.waitForAsk("completion_result")
		expect(a.client.messages.some((m) => m.ask === "use_mcp_server")).toBe(false)
		expect(rows(a, "mcp_server_request_started")).toHaveLength(1)
		expect(rows(a, "mcp_server_response")[0]?.text).toContain("hi")
	})

	it("progress shows in a partial row that the result then replaces", async () => {
		agent = await startAgent({
			provider: "anthropic",
			mcp: { global: everything },
			settings: { autoApproval: { enabled: true, mcp: true } },
			scenario: [
				{
					toolCalls: [
						{
							name: "mcp__everything__trigger-long-running-operation",
							arguments: { duration: 1, steps: 4 },
						},
					],
				},
				done,
			],
		})
		const a = agent
		await connected(a, "everything")
		await a.send({ type: "newTask", text: "run the long operation" })
		// Every change of the row, as the task makes it (clients may get partial updates coalesced).
		const progress: string[] = []
		a.controller.currentTask?.on("message", ({ message }) => {
			if (message.say === "mcp_server_response" && message.partial) progress.push(message.text ?? "")
		})
		await a.client.waitForAsk("completion_result")
		// The last report may race the result (the SDK handles notifications a tick later): not counted on.
		expect(progress.slice(0, 3)).toEqual(["Progress 1/4", "Progress 2/4", "Progress 3/4"])
		const responses = rows(a, "mcp_server_response")
		expect(responses).toHaveLength(1)
		expect(responses[0]).toMatchObject({
			partial: false,
			text: expect.stringContaining("Long running operation completed"),
		})
	})

	it("cancelling the task cancels the call: the server is told, and the task can resume", async () => {
		const temp = await makeTempDir("cairn-mcp-log-")
		temps.push(temp)
		const log = path.join(temp.dir, "log")
		agent = await startAgent({
			provider: "anthropic",
			mcp: {
				global: { mcpServers: { fixture: fixtureEntry() } },
				env: { MCP_FIXTURE_LOG: log, MCP_FIXTURE_PID_FILE: path.join(temp.dir, "pids") },
			},
			settings: { autoApproval: { enabled: true, mcp: true } },
			scenario: [{ toolCalls: [{ name: "mcp__fixture__hang", arguments: {} }] }, done],
		})
		const a = agent
		await connected(a, "fixture")
		await a.send({ type: "newTask", text: "hang" })
		await a.client.waitFor((m) => m.says("mcp_server_request_started").length === 1, "the call started")
		await logSays(log, "started")
		await a.send({ type: "cancelTask" })
		await a.client.waitForAsk("resume_task")
		// The SDK sent notifications/cancelled: the server's handler saw its signal abort.
		await logSays(log, "cancelled")
		await a.press("primary")
		await a.client.waitForAsk("completion_result")
	})
})
