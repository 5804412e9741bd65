import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import type { RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { everythingScript, filesystemScript, fixtureEntry } from "../test-support/mcp/servers.js"
import { makeTempDir } from "../test-support/tempDir.js"

// How MCP meets a task: the first request waits for the servers still starting (and says which
// one never came up), and a mode that may not edit every file never lets an MCP tool run unseen.

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
const temps: { remove(): Promise<void> }[] = []
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
	await Promise.all(temps.splice(0).map((t) => t.remove()))
})

const chat = (a: AgentHarness) => a.server.requests.filter((r) => r.route === "chat")
const toolNames = (request: RecordedRequest | undefined) =>
	((request?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map((tool) => tool.name)

describe("a task's first request and the MCP servers", () => {
	it("waits for a starting server's tools; a server that never comes up gets a row, and the task goes on", async () => {
		const temp = await makeTempDir("cairn-mcp-start-")
		temps.push(temp)
		agent = await startAgent({
			provider: "anthropic",
			mcp: {
				global: {
					mcpServers: {
						everything: { command: process.execPath, args: [everythingScript, "stdio"] },
						silent: fixtureEntry("never-ready"),
					},
				},
				env: { MCP_FIXTURE_PID_FILE: path.join(temp.dir, "pids"), MCP_FIXTURE_LOG: "/dev/null" },
				// Time enough for server-everything on a busy machine; the silent one takes all of it.
				readyTimeoutMs: 10_000,
			},
			scenario: [done],
		})
		const a = agent
		// Sent at once, while the servers start: nothing here waits for them.
		await a.send({ type: "newTask", text: "hello" })
		await a.client.waitForAsk("completion_result", 30_000)
		expect(toolNames(chat(a)[0])).toEqual(
			expect.arrayContaining(["use_mcp_tool", "mcp__everything__get-sum"]),
		)
		const late = a.client.says("mcp_server_not_ready").map((row) => JSON.parse(row.text ?? "{}"))
		expect(late).toEqual([{ server: "silent", source: "global", waitedSeconds: expect.any(Number) }])
	}, 60_000)

	it("a mode without MCP does not wait", async () => {
		const temp = await makeTempDir("cairn-mcp-start-")
		temps.push(temp)
		agent = await startAgent({
			provider: "anthropic",
			mcp: {
				global: { mcpServers: { silent: fixtureEntry("never-ready") } },
				env: { MCP_FIXTURE_PID_FILE: path.join(temp.dir, "pids"), MCP_FIXTURE_LOG: "/dev/null" },
				// Far longer than the test may take: a wait would time it out.
				readyTimeoutMs: 600_000,
			},
			files: {
				".cairn/modes.yaml":
					"customModes:\n  - slug: plain\n    name: Plain\n    roleDefinition: You read.\n    whenToUse: Reading.\n    groups: [read]\n",
			},
			scenario: [done],
		})
		const a = agent
		await a.send({ type: "mode", mode: "plain" })
		await a.send({ type: "newTask", text: "hello" })
		await a.client.waitForAsk("completion_result")
		expect(a.client.says("mcp_server_not_ready")).toEqual([])
	})
})

describe("MCP in a mode that may not edit every file", () => {
	it("Architect mode asks before every MCP tool call, even one the config and the switches allow, and says why", async () => {
		const temp = await makeTempDir("cairn-mcp-architect-")
		temps.push(temp)
		const folder = path.join(temp.dir, "shared")
		await mkdir(folder)
		await writeFile(path.join(folder, "in.txt"), "from disk\n")
		const target = path.join(folder, "out.ts")
		agent = await startAgent({
			provider: "openai",
			settings: { autoApproval: { enabled: true, mcp: true, readOnly: true, write: true } },
			mcp: {
				global: {
					mcpServers: {
						fs: {
							command: process.execPath,
							args: [filesystemScript, folder],
							alwaysAllow: ["write_file", "read_text_file"],
						},
					},
				},
			},
			scenario: [
				// server-filesystem marks read_text_file readOnlyHint: the server's word, not a rule.
				{
					toolCalls: [
						{ name: "mcp__fs__read_text_file", arguments: { path: path.join(folder, "in.txt") } },
					],
				},
				{
					toolCalls: [
						{ name: "mcp__fs__write_file", arguments: { path: target, content: "code\n" } },
					],
				},
				done,
			],
		})
		const a = agent
		await a.send({ type: "mode", mode: "architect" })
		await a.send({ type: "newTask", text: "copy it" })
		await a.client.waitForAsk("use_mcp_server")
		expect(JSON.parse(a.client.messages.at(-1)?.text ?? "{}")).toMatchObject({
			toolName: "read_text_file",
			modeMayNotEdit: "Architect",
		})
		await a.press("primary")
		await a.client.waitFor(
			(m) =>
				m.messages.at(-1)?.ask === "use_mcp_server" &&
				m.messages.at(-1)?.text?.includes("write_file") === true,
			"the write ask",
		)
		// The approved read's row says so: it no longer reads as waiting.
		const read = a.client.messages.find(
			(m) => m.ask === "use_mcp_server" && m.text?.includes("read_text_file"),
		)
		expect(read?.outcome).toBe("approved")
		await a.press("secondary")
		await a.client.waitForAsk("completion_result")
		await expect(readFile(target, "utf8")).rejects.toThrow(/ENOENT/)
		expect(a.client.says("mcp_server_request_started")).toEqual([])
	})

	it("Code mode runs the same always-allowed tool without asking", async () => {
		const temp = await makeTempDir("cairn-mcp-architect-")
		temps.push(temp)
		const target = path.join(temp.dir, "out.ts")
		agent = await startAgent({
			provider: "openai",
			mcp: {
				global: {
					mcpServers: {
						fs: {
							command: process.execPath,
							args: [filesystemScript, temp.dir],
							alwaysAllow: ["write_file"],
						},
					},
				},
			},
			scenario: [
				{
					toolCalls: [
						{ name: "mcp__fs__write_file", arguments: { path: target, content: "code\n" } },
					],
				},
				done,
			],
		})
		const a = agent
		await a.send({ type: "newTask", text: "write it" })
		await a.client.waitForAsk("completion_result")
		expect(await readFile(target, "utf8")).toBe("code\n")
		expect(a.client.says("mcp_server_request_started")).toHaveLength(1)
	})
})
