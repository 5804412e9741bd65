import path from "node:path"
import { readFile } from "node:fs/promises"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { fixtureEntry } from "../test-support/mcp/servers.js"
import { processGone } from "../test-support/processGone.js"
import { makeTempDir } from "../test-support/tempDir.js"

// The Controller owns the MCP servers: its clients hear of every change, and none outlives it.

let agent: AgentHarness | undefined
const temps: { remove(): Promise<void> }[] = []
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
	await Promise.all(temps.splice(0).map((t) => t.remove()))
})

async function pidsIn(file: string): Promise<number[]> {
	return (await readFile(file, "utf8").catch(() => ""))
		.split("\n")
		.filter((line) => line !== "")
		.map(Number)
}

describe("the Controller's MCP servers", () => {
	it("answers webviewDidLaunch with the state and then mcpServers; none of its servers outlives dispose()", async () => {
		const temp = await makeTempDir("cairn-mcp-controller-")
		temps.push(temp)
		const pids = path.join(temp.dir, "pids")
		agent = await startAgent({
			provider: "anthropic",
			mcp: {
				global: { mcpServers: { a: fixtureEntry(), b: fixtureEntry("stubborn") } },
				env: { MCP_FIXTURE_PID_FILE: pids, MCP_FIXTURE_LOG: "/dev/null" },
			},
		})
		const a = agent
		await a.client.waitFor(
			() => a.controller.mcpSnapshot().servers.every((s) => s.status === "connected"),
			"both connected",
			30_000,
		)
		const before = a.client.received.length
		await a.send({ type: "webviewDidLaunch" })
		expect(a.client.received.slice(before).map((m) => m.type)).toEqual([
			"state",
			"mcpServers",
			"codebaseIndexStatus",
			"slashCommands",
		])

		const started = await pidsIn(pids)
		expect(started).toHaveLength(2)
		await a.controller.dispose()
		for (const pid of started) await processGone(pid)
	})

	it("openMcpSettings creates a missing file; without an editor the reply names it", async () => {
		agent = await startAgent({ provider: "anthropic", mcp: {} })
		const a = agent
		await a.send({ type: "openMcpSettings", source: "project" })
		const file = path.join(a.workspace, ".cairn", "mcp.json")
		expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ mcpServers: {} })
		expect(a.client.received.filter((m) => m.type === "error")).toEqual([
			{
				type: "error",
				code: "failed",
				error: `This host cannot open files: edit ${file} in your editor.`,
				inReplyTo: "openMcpSettings",
			},
		])
	})

	it("toggling a server in a client writes the file and every client hears of it", async () => {
		agent = await startAgent({
			provider: "anthropic",
			mcp: {
				global: { mcpServers: { a: fixtureEntry() } },
				env: { MCP_FIXTURE_LOG: "/dev/null", MCP_FIXTURE_PID_FILE: "/dev/null" },
			},
		})
		const a = agent
		await a.client.waitFor(
			() => a.controller.mcpSnapshot().servers[0]?.status === "connected",
			"connected",
			30_000,
		)
		await a.send({ type: "toggleMcpServer", serverName: "a", source: "global", disabled: true })
		await a.client.waitFor(
			(m) => m.received.some((r) => r.type === "mcpServers" && r.servers[0]?.status === "disabled"),
			"the disabled server broadcast",
		)
		await a.send({ type: "deleteMcpServer", serverName: "nobody", source: "global" })
		expect(a.client.received.at(-1)).toMatchObject({
			type: "error",
			inReplyTo: "deleteMcpServer",
			error: expect.stringMatching(/no server named "nobody"/),
		})
	})
})
