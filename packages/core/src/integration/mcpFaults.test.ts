import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { lastToolResult, type RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type ServedProvider } from "../test-support/agentHarness.js"
import { fixtureEntry, filesystemScript } from "../test-support/mcp/servers.js"
import { makeTempDir } from "../test-support/tempDir.js"

// MCP servers that misbehave, and a whole task through server-filesystem: each fault gives a
// clear row or status, and the task goes on.

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
const temps: { remove(): Promise<void> }[] = []
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
	await Promise.all(temps.splice(0).map((t) => t.remove()))
})

async function fixtureEnv() {
	const temp = await makeTempDir("cairn-mcp-faults-")
	temps.push(temp)
	return { MCP_FIXTURE_LOG: path.join(temp.dir, "log"), MCP_FIXTURE_PID_FILE: path.join(temp.dir, "pids") }
}

const lastSnapshot = (a: AgentHarness) => a.controller.mcpSnapshot()
const statusIs = (a: AgentHarness, name: string, status: string) => () =>
	lastSnapshot(a).servers.some((s) => s.name === name && s.status === status)
const chat = (a: AgentHarness) => a.server.requests.filter((r) => r.route === "chat")

describe("MCP faults", () => {
	it("a server that exits at start shows its error and stderr; a malformed entry names its field; the others run", async () => {
		agent = await startAgent({
			provider: "anthropic",
			mcp: {
				global: {
					mcpServers: {
						broken: fixtureEntry("exit-at-start"),
						typo: { command: "node", args: "not-a-list" },
						fine: fixtureEntry(),
					},
				},
				env: await fixtureEnv(),
			},
		})
		const a = agent
		await a.client.waitFor(
			() => statusIs(a, "fine", "connected")() && statusIs(a, "broken", "error")(),
			"fine connected, broken in error",
			30_000,
		)
		await a.send({ type: "requestMcpServers" })
		const sent = a.client.received.filter((m) => m.type === "mcpServers").at(-1)
		if (sent?.type !== "mcpServers") throw new Error("no mcpServers message")
		expect(sent.servers.find((s) => s.name === "broken")).toMatchObject({
			status: "error",
			error: "The server exited before it was ready.",
			problem: { kind: "exited_early", params: {} },
			stderr: ["fixture: cannot open the database at /nowhere", "fixture: giving up"],
		})
		expect(sent.servers.find((s) => s.name === "typo")).toMatchObject({ status: "error" })
		expect(sent.problems).toEqual([
			expect.objectContaining({
				server: "typo",
				field: "args",
				problem: expect.objectContaining({ kind: "field_invalid" }),
			}),
		])
	})

	it("a server that crashes mid-call gives an error row, the task goes on, and the server comes back", async () => {
		agent = await startAgent({
			provider: "openai",
			mcp: { global: { mcpServers: { fixture: fixtureEntry() } }, env: await fixtureEnv() },
			settings: { autoApproval: { enabled: true, mcp: true } },
			scenario: [{ toolCalls: [{ name: "mcp__fixture__crash", arguments: {} }] }, done],
		})
		const a = agent
		await a.client.waitFor(statusIs(a, "fixture", "connected"), "connected", 30_000)
		await a.send({ type: "newTask", text: "crash it" })
		await a.client.waitForAsk("completion_result")
		const row = a.client.says("mcp_server_response")[0]
		expect(row?.text).toMatch(/^Error: The MCP server "fixture" stopped during the call/)
		expect(row?.text).toContain("fixture: crashing on purpose")
		const forModel = lastToolResult(chat(a)[1] as RecordedRequest)
		expect(forModel).toMatch(/stopped during the call/)
		// The server's stderr is for the person, not sent to the model.
		expect(forModel).not.toContain("crashing on purpose")
		await a.client.waitFor(statusIs(a, "fixture", "connected"), "reconnected", 30_000)
	})

	it("a server that hangs is cut off at its timeout with a clear error, and the task goes on", async () => {
		agent = await startAgent({
			provider: "anthropic",
			mcp: {
				global: { mcpServers: { fixture: fixtureEntry("tools", { timeout: 1 }) } },
				env: await fixtureEnv(),
			},
			settings: { autoApproval: { enabled: true, mcp: true } },
			scenario: [{ toolCalls: [{ name: "mcp__fixture__hang", arguments: {} }] }, done],
		})
		const a = agent
		await a.client.waitFor(statusIs(a, "fixture", "connected"), "connected", 30_000)
		await a.send({ type: "newTask", text: "hang" })
		await a.client.waitForAsk("completion_result", 30_000)
		expect(a.client.says("mcp_server_response")[0]?.text).toMatch(
			/^Error: The MCP server "fixture" did not answer within 1 s \(its "timeout" in .* allows longer\)\./,
		)
		expect(statusIs(a, "fixture", "connected")()).toBe(true)
	})
})

describe.each<ServedProvider>(["anthropic", "openai"])("server-filesystem over %s", (provider) => {
	it("a whole task reads and writes files through MCP, with approval", async () => {
		const temp = await makeTempDir("cairn-mcp-fs-")
		temps.push(temp)
		const folder = path.join(temp.dir, "shared")
		await mkdir(folder)
		await writeFile(path.join(folder, "in.txt"), "from disk\n")
		agent = await startAgent({
			provider,
			mcp: {
				global: {
					mcpServers: { fs: { command: process.execPath, args: [filesystemScript, folder] } },
				},
			},
			scenario: [
				{
					toolCalls: [
						{ name: "mcp__fs__read_text_file", arguments: { path: path.join(folder, "in.txt") } },
					],
				},
				{
					toolCalls: [
						{
							name: "mcp__fs__write_file",
							arguments: {
								path: path.join(folder, "out.txt"),
								content: "written through MCP\n",
							},
						},
					],
				},
				done,
			],
		})
		const a = agent
		await a.client.waitFor(statusIs(a, "fs", "connected"), "connected", 30_000)
		await a.send({ type: "newTask", text: "copy in.txt to out.txt" })
		await a.client.waitForAsk("use_mcp_server")
		expect(JSON.parse(a.client.messages.at(-1)?.text ?? "{}")).toMatchObject({
			serverName: "fs",
			toolName: "read_text_file",
		})
		await a.press("primary")
		await a.client.waitFor(
			(m) =>
				m.messages.at(-1)?.ask === "use_mcp_server" &&
				m.messages.at(-1)?.text?.includes("write_file") === true,
			"the write ask",
		)
		await a.press("primary")
		await a.client.waitForAsk("completion_result")
		expect(lastToolResult(chat(a)[1] as RecordedRequest)).toContain("from disk")
		expect(await readFile(path.join(folder, "out.txt"), "utf8")).toBe("written through MCP\n")
		expect(a.client.says("mcp_server_response").map((r) => r.partial ?? false)).toEqual([false, false])
	})
})
