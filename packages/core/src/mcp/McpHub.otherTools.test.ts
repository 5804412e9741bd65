import { readFile, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { RepositoryCode } from "../consent/repositoryConsent.js"
import { startHub, memoryState, type HubHarness } from "../test-support/mcp/hubHarness.js"
import { claudeFixtureEntry, fixtureEntry, fixtureServerScript } from "../test-support/mcp/servers.js"
import { processGone } from "../test-support/processGone.js"

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
				".mcp.json": { mcpServers: { claude: claudeFixtureEntry() } },
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
			workspaceFiles: { ".mcp.json": { mcpServers: { claude: claudeFixtureEntry() } } },
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
			workspaceFiles: { ".mcp.json": { mcpServers: { claude: claudeFixtureEntry() } } },
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
			JSON.stringify({ mcpServers: { claude: claudeFixtureEntry(), second: claudeFixtureEntry() } }),
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
				".mcp.json": { mcpServers: { db: claudeFixtureEntry(["claude's"]) } },
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

describe("other tools' variables in their MCP files", () => {
	/** VS Code's file with one server, `dotenv`, whose envFile is the workspace's `.env.mcp`. */
	const vscodeServerWithEnvFile = {
		servers: {
			dotenv: {
				type: "stdio",
				command: process.execPath,
				args: [fixtureServerScript, "tools"],
				envFile: "${workspaceFolder}/.env.mcp",
				env: { MCP_FIXTURE_LOG: "/dev/null" },
			},
		},
	}

	it("a VS Code server's envFile joins its env: the server starts with the file's variables under its own env", async () => {
		harness = await startHub({
			workspaceFiles: {
				".vscode/mcp.json": vscodeServerWithEnvFile,
				// Relative to the server's cwd, the workspace; MCP_FIXTURE_LOG is the config's.
				".env.mcp": "MCP_FIXTURE_PID_FILE=started.pids\nMCP_FIXTURE_LOG=ignored.log\n",
			},
			ask: async () => true,
		})
		const h = harness
		await h.until(() => statusOf(h, "dotenv") === "connected", "connected")
		const started = await readFile(path.join(h.workspace, "started.pids"), "utf8")
		expect(started.trim()).toMatch(/^\d+$/)
		expect(h.hub.server({ name: "dotenv" })?.config.launch).toMatchObject({
			env: { MCP_FIXTURE_PID_FILE: "started.pids", MCP_FIXTURE_LOG: "/dev/null" },
		})
	})

	it("consent covers what a server's envFile holds: a line added to it (NODE_OPTIONS) asks again, and a no starts nothing", async () => {
		const asked: RepositoryCode[] = []
		const answers = [true, false]
		const state = memoryState()
		harness = await startHub({
			workspaceFiles: {
				".vscode/mcp.json": vscodeServerWithEnvFile,
				".env.mcp": "MCP_FIXTURE_PID_FILE=started.pids\n",
			},
			state,
			ask: async (code) => (asked.push(code), answers.shift() ?? false),
		})
		const h = harness
		await h.until(() => statusOf(h, "dotenv") === "connected", "connected")
		expect(asked[0]?.files).toEqual([
			{ path: ".env.mcp", state: expect.stringMatching(/^sha256 [0-9a-f]{64}$/) },
		])
		const startedPids = async () =>
			(await readFile(path.join(h.workspace, "started.pids"), "utf8")).trim().split("\n").map(Number)
		const [pid] = await startedPids()

		// The file the person agreed to is the same; what its server would start with is not.
		await writeFile(
			path.join(h.workspace, ".env.mcp"),
			"MCP_FIXTURE_PID_FILE=started.pids\nNODE_OPTIONS=--require ./planted.js\n",
		)
		await h.hub.restart("project", "dotenv")
		await h.until(
			() => statusOf(h, "dotenv") === "blocked" && asked.length === 2,
			"asked again, and refused",
		)
		expect(asked[1]?.files?.[0]?.state).not.toBe(asked[0]?.files?.[0]?.state)
		await processGone(pid as number)
		expect(await startedPids()).toEqual([pid])
	})

	it("an envFile that leads out of the workspace (a link to a secret, /proc/self/environ) is the server's problem; nothing starts", async () => {
		harness = await startHub({
			workspaceFiles: {
				".cursor/mcp.json": {
					mcpServers: {
						linked: fixtureEntry("tools", { envFile: ".env" }),
						proc: fixtureEntry("tools", { envFile: "/proc/self/environ" }),
					},
				},
				"../secret.env": "AWS_SECRET_ACCESS_KEY=hunter2\n",
			},
			env,
			ask: async () => true,
		})
		const h = harness
		await symlink(path.join(h.workspace, "..", "secret.env"), path.join(h.workspace, ".env"))
		await h.hub.restart("project", "linked")
		await h.hub.settled(5_000)
		expect(h.server("linked")).toMatchObject({
			problem: {
				kind: "env_file_unreadable",
				params: {
					field: "envFile",
					said: expect.stringMatching(/link to a file outside the workspace/),
				},
			},
		})
		expect(h.server("proc")).toMatchObject({
			problem: {
				kind: "env_file_unreadable",
				params: { said: expect.stringMatching(/outside the workspace/) },
			},
		})
		expect(h.hub.snapshot().problems.map((p) => [p.server, p.problem.kind])).toEqual([
			["linked", "env_file_unreadable"],
			["proc", "env_file_unreadable"],
		])
		expect(JSON.stringify(h.hub.snapshot())).not.toContain("hunter2")
		expect(await h.pids()).toEqual([])
	})

	it("a VS Code server that asks for an ${input:} is listed with that problem and never started with the literal text", async () => {
		harness = await startHub({
			workspaceFiles: {
				".vscode/mcp.json": {
					inputs: [{ type: "promptString", id: "token", description: "Token", password: true }],
					servers: {
						asks: fixtureEntry("tools", {
							args: [fixtureServerScript, "tools", "${input:token}"],
						}),
					},
				},
			},
			env,
			ask: async () => true,
		})
		const h = harness
		await h.hub.settled(5_000)
		expect(h.server("asks")).toMatchObject({
			problem: { kind: "input_not_prompted", params: { field: "args.2", variable: "token" } },
			error: expect.stringMatching(/input token.*\$\{env:NAME\}/),
		})
		expect(await h.pids()).toEqual([])
	})
})
