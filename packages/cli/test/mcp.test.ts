import { access, mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import {
	claudeFixtureEntry,
	everythingScript,
	filesystemScript,
	fixtureEntry,
} from "@cairn/core/test-support/mcpServers"
import { processGone } from "@cairn/core/test-support/processGone"
import type { McpSnapshot } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { runCli, spawnCli, withWorld, type CliWorld } from "./support/cliProcess.js"
import { complete } from "./support/scenarios.js"

// `cairn mcp list` against real servers, the flags for the workspace's servers, and no server
// process left behind however the CLI ends.

const everything = { command: process.execPath, args: [everythingScript, "stdio"] }

async function writeConfig(world: CliWorld, file: string, config: unknown) {
	await mkdir(path.dirname(file), { recursive: true })
	await writeFile(file, JSON.stringify(config, null, 2))
}

async function pidsIn(file: string): Promise<number[]> {
	return (await readFile(file, "utf8").catch(() => ""))
		.split("\n")
		.filter((line) => line !== "")
		.map(Number)
}

describe.concurrent("cairn mcp list", () => {
	it("shows each server's status and tools, a failing one's error and stderr, and config problems", () =>
		withWorld({}, async (world) => {
			await writeConfig(world, path.join(world.cairnHome, "mcp.json"), {
				mcpServers: {
					everything,
					broken: fixtureEntry("exit-at-start"),
					typo: { command: "x", timeout: -1 },
				},
			})
			const run = await runCli(world, ["mcp", "list"], {
				env: { MCP_FIXTURE_PID_FILE: path.join(world.root, "pids"), MCP_FIXTURE_LOG: "/dev/null" },
			})
			expect(run.code).toBe(0)
			expect(run.stdout).toContain("everything (global, stdio): connected")
			expect(run.stdout).toMatch(/\d+ tools\n(.|\n)*mcp__everything__get-sum/)
			expect(run.stdout).toContain(
				"broken (global, stdio): error\n  The server exited before it was ready.",
			)
			expect(run.stdout).toContain("    fixture: giving up")
			expect(run.stdout).toMatch(/Problem in .*mcp\.json \(typo > timeout\): /)
			for (const pid of await pidsIn(path.join(world.root, "pids"))) await processGone(pid)
		}))

	it("prints JSON with --json, from the file --mcp-config names", () =>
		withWorld({}, async (world) => {
			const file = path.join(world.root, "elsewhere.json")
			await writeConfig(world, file, { mcpServers: { everything } })
			const run = await runCli(world, ["mcp", "list", "--json", "--mcp-config", file])
			expect(run.code).toBe(0)
			const snapshot = JSON.parse(run.stdout) as McpSnapshot
			expect(snapshot.servers).toEqual([
				expect.objectContaining({ name: "everything", status: "connected", configFile: file }),
			])
			expect(snapshot.servers[0]?.tools.length).toBeGreaterThan(5)
		}))

	it("does not start the workspace's servers (Cairn's file and other tools') without --allow-project-mcp, and says which file each is from and what it shadows", () =>
		withWorld({}, async (world) => {
			const pids = path.join(world.root, "pids")
			await writeConfig(world, path.join(world.workspace, ".cairn", "mcp.json"), {
				mcpServers: { proj: fixtureEntry() },
			})
			await writeConfig(world, path.join(world.workspace, ".mcp.json"), {
				mcpServers: { proj: claudeFixtureEntry(), claude: claudeFixtureEntry() },
			})
			// VS Code would ask for the token; Cairn cannot, and says so instead of starting the server.
			await writeConfig(world, path.join(world.workspace, ".vscode", "mcp.json"), {
				inputs: [{ type: "promptString", id: "token", description: "Token", password: true }],
				servers: { asks: { ...fixtureEntry(), env: { TOKEN: "${input:token}" } } },
			})
			const env = { MCP_FIXTURE_PID_FILE: pids, MCP_FIXTURE_LOG: "/dev/null" }
			const refused = await runCli(world, ["mcp", "list", "-y"], { env })
			expect(refused.stdout).toContain(
				"proj (project .cairn/mcp.json, stdio): blocked\n  used instead of the server of the same name in .mcp.json\n",
			)
			expect(refused.stdout).toContain("claude (project .mcp.json, stdio): blocked")
			expect(refused.stdout).toContain("Run cairn with --allow-project-mcp to allow them.")
			expect(await pidsIn(pids)).toEqual([])

			const allowed = await runCli(world, ["mcp", "list", "--allow-project-mcp"], { env })
			expect(allowed.stdout).toContain("proj (project .cairn/mcp.json, stdio): connected")
			expect(allowed.stdout).toContain("claude (project .mcp.json, stdio): connected")
			expect(allowed.stdout).toMatch(
				/asks \(project \.vscode\/mcp\.json, stdio\): error\n {2}It asks for the input token when it starts; Cairn does not ask for inputs yet: .*\$\{env:NAME\}\. \(env\.TOKEN\)/,
			)
			// Remembered for each file's content: the next run needs no flag.
			const again = await runCli(world, ["mcp", "list"], { env })
			expect(again.stdout).toContain("proj (project .cairn/mcp.json, stdio): connected")
			expect(again.stdout).toContain("claude (project .mcp.json, stdio): connected")
			// The shadowed server never ran: two servers in each of two runs.
			expect(await pidsIn(pids)).toHaveLength(4)
			for (const pid of await pidsIn(pids)) await processGone(pid)
		}))
})

describe.concurrent("no MCP server outlives the CLI", () => {
	it.each(["exit", "SIGTERM"] as const)("when it ends by %s", (how) =>
		withWorld({}, async (world) => {
			const pids = path.join(world.root, "pids")
			await writeConfig(world, path.join(world.cairnHome, "mcp.json"), {
				mcpServers: { a: fixtureEntry(), b: fixtureEntry("stubborn") },
			})
			const cli = spawnCli(world, [...world.providerArgs, "--stdin-prompt-stream"], {
				env: { MCP_FIXTURE_PID_FILE: pids, MCP_FIXTURE_LOG: "/dev/null" },
			})
			const deadline = Date.now() + 15_000
			while ((await pidsIn(pids)).length < 2) {
				if (Date.now() > deadline || cli.closed)
					throw new Error(`the servers never started: ${cli.stderr}`)
				await new Promise((resolve) => setTimeout(resolve, 50))
			}
			if (how === "SIGTERM") cli.child.kill("SIGTERM")
			else cli.child.stdin.end()
			await cli.exited
			for (const pid of await pidsIn(pids)) await processGone(pid)
		}),
	)
})

describe.concurrent("a headless run with MCP servers", () => {
	const toolNames = (body: unknown) =>
		((body as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name)

	it("waits for the workspace's servers, so its first request carries their tools", () =>
		withWorld({ scenario: [complete()] }, async (world) => {
			await writeConfig(world, path.join(world.workspace, ".cairn", "mcp.json"), {
				mcpServers: { everything },
			})
			const run = await runCli(world, [
				...world.providerArgs,
				"-y",
				"--allow-project-mcp",
				"-P",
				"add two numbers",
			])
			expect(run.code).toBe(0)
			const first = world.server.requests.find((request) => request.route === "chat")
			expect(toolNames(first?.body)).toEqual(
				expect.arrayContaining(["use_mcp_tool", "mcp__everything__get-sum"]),
			)
			expect(JSON.stringify(first?.body)).toContain("MCP SERVERS")
		}))
})

describe.concurrent("MCP in a mode that may not edit every file", () => {
	// server-filesystem resolves a relative path in its working folder: the workspace.
	const writeThroughMcp = {
		toolCalls: [{ name: "mcp__fs__write_file", arguments: { path: "src.ts", content: "code\n" } }],
	}

	it("-y does not approve an MCP tool call in Architect mode, even one the config always allows, and says why", () =>
		withWorld({ scenario: [writeThroughMcp, complete()] }, async (world) => {
			const target = path.join(world.workspace, "src.ts")
			await writeConfig(world, path.join(world.cairnHome, "mcp.json"), {
				mcpServers: {
					fs: {
						command: process.execPath,
						args: [filesystemScript, world.workspace],
						alwaysAllow: ["write_file"],
					},
				},
			})
			const run = await runCli(world, [
				...world.providerArgs,
				"-y",
				"--mode",
				"architect",
				"--no-tui",
				"write src.ts",
			])
			expect(run.code).not.toBe(0)
			expect(run.stderr).toContain(
				"the MCP tool write_file of fs may change files, which Architect mode may not; a person decides",
			)
			await expect(access(target)).rejects.toThrow(/ENOENT/)
		}))
})
