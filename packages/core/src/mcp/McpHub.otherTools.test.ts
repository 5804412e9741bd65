import { readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { RepositoryCode } from "../consent/repositoryConsent.js"
import { startHub, memoryState, type HubHarness } from "../test-support/mcp/hubHarness.js"
import { fixtureEntry } from "../test-support/mcp/servers.js"

let harness: HubHarness | undefined
afterEach(async () => {
	await harness?.cleanup()
	harness = undefined
})

const env = { MCP_FIXTURE_LOG: "/dev/null" }
const statusOf = (h: HubHarness, name: string) => h.server(name, "project")?.status

describe("other tools' MCP files in the workspace", () => {
	it("Roo's, Cursor's, VS Code's (under `servers`) and Claude Code's files are project servers, each asked about on its own", async () => {
		const asked: string[] = []
		harness = await startHub({
			workspaceFiles: {
				".roo/mcp.json": { mcpServers: { roo: fixtureEntry() } },
				".cursor/mcp.json": { mcpServers: { cursor: fixtureEntry() } },
				".vscode/mcp.json": { servers: { vscode: { type: "stdio", ...fixtureEntry() } }, inputs: [] },
				".mcp.json": { mcpServers: { claude: fixtureEntry() } },
			},
			env,
			ask: async (code) => (asked.push(`${code.file}: ${code.names?.join(", ")}`), true),
		})
		const h = harness
		const names = ["roo", "cursor", "vscode", "claude"]
		await h.until(() => names.every((name) => statusOf(h, name) === "connected"), "all four connected")
		expect(asked).toEqual([
			`${path.join(".roo", "mcp.json")}: roo`,
			`${path.join(".cursor", "mcp.json")}: cursor`,
			`${path.join(".vscode", "mcp.json")}: vscode`,
			".mcp.json: claude",
		])
		expect(h.server("vscode")?.configFile).toBe(path.join(h.workspace, ".vscode", "mcp.json"))
		expect(await h.pids()).toHaveLength(4)
	})

	it("without consent none of them starts, and each says which file waits for it", async () => {
		harness = await startHub({
			workspaceFiles: { ".mcp.json": { mcpServers: { claude: fixtureEntry() } } },
			env,
		})
		const h = harness
		await h.hub.settled(5_000)
		expect(h.server("claude")).toMatchObject({
			status: "blocked",
			problem: { kind: "consent_refused", params: { file: ".mcp.json" } },
		})
		expect(await h.pids()).toEqual([])
	})

	it("consent is per file and its text: a yes to one file is not a yes to another, and a changed file asks again", async () => {
		const state = memoryState()
		const asked: string[] = []
		const yesTo = new Set([".mcp.json"])
		const ask = async (code: RepositoryCode) => (asked.push(code.file), yesTo.has(code.file))
		harness = await startHub({
			project: { mcpServers: { own: fixtureEntry() } },
			workspaceFiles: { ".mcp.json": { mcpServers: { claude: fixtureEntry() } } },
			env,
			state,
			ask,
		})
		const h = harness
		await h.until(
			() =>
				statusOf(h, "claude") === "connected" &&
				asked.length === 2 &&
				!h.hub.snapshot().servers.some((s) => s.problem?.kind === "consent_waiting"),
			"the agreed file's server connected, the other refused",
		)
		expect(statusOf(h, "own")).toBe("blocked")

		await writeFile(
			path.join(h.workspace, ".mcp.json"),
			JSON.stringify({ mcpServers: { claude: fixtureEntry(), second: fixtureEntry() } }),
		)
		await h.until(() => asked.length === 3 && statusOf(h, "second") === "connected", "asked again")
		expect(asked[2]).toBe(".mcp.json")
		expect(statusOf(h, "own")).toBe("blocked")
	})

	it("where two files define a name, Cairn's own is used and the view names the files it shadows", async () => {
		harness = await startHub({
			project: { mcpServers: { db: fixtureEntry() } },
			workspaceFiles: {
				".roo/mcp.json": { mcpServers: { db: fixtureEntry("tools", { args: ["roo's"] }) } },
				".mcp.json": { mcpServers: { db: fixtureEntry("tools", { args: ["claude's"] }) } },
			},
			env,
			ask: async () => true,
		})
		const h = harness
		await h.until(() => statusOf(h, "db") === "connected", "db connected")
		const servers = h.hub.snapshot().servers
		expect(servers).toHaveLength(1)
		expect(servers[0]).toMatchObject({
			configFile: h.projectFile,
			shadows: [path.join(h.workspace, ".roo", "mcp.json"), path.join(h.workspace, ".mcp.json")],
		})
		expect(await h.pids()).toHaveLength(1)
	})

	it("a shadowed server takes over once the file that hid it no longer defines the name, asked about first", async () => {
		const asked: string[] = []
		harness = await startHub({
			project: { mcpServers: { db: fixtureEntry() } },
			workspaceFiles: { ".cursor/mcp.json": { mcpServers: { db: fixtureEntry() } } },
			env,
			ask: async (code) => (asked.push(code.file), true),
		})
		const h = harness
		await h.until(() => statusOf(h, "db") === "connected", "Cairn's db connected")
		// Only Cairn's own file's servers run, so only it was asked about.
		expect(asked).toEqual([path.join(".cairn", "mcp.json")])

		await rm(h.projectFile)
		await h.until(
			() =>
				statusOf(h, "db") === "connected" && h.server("db")?.configFile.includes(".cursor") === true,
			"Cursor's db connected",
		)
		expect(asked).toEqual([path.join(".cairn", "mcp.json"), path.join(".cursor", "mcp.json")])
		expect(h.server("db")?.shadows).toBeUndefined()
	})

	it("a server is turned off in the file it comes from, under that file's own key", async () => {
		harness = await startHub({
			workspaceFiles: { ".vscode/mcp.json": { servers: { vscode: fixtureEntry() } } },
			env,
			ask: async () => true,
		})
		const h = harness
		await h.until(() => statusOf(h, "vscode") === "connected", "connected")
		await h.hub.setDisabled("project", "vscode", true)
		await h.until(() => statusOf(h, "vscode") === "disabled", "disabled")
		const written = JSON.parse(await readFile(path.join(h.workspace, ".vscode", "mcp.json"), "utf8"))
		expect(written.servers.vscode.disabled).toBe(true)
	})
})
