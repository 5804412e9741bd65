import { readFile, writeFile } from "node:fs/promises"
import { afterEach, describe, expect, it } from "vitest"
import { startHub, memoryState, type HubHarness } from "../test-support/mcp/hubHarness.js"
import { fixtureEntry } from "../test-support/mcp/servers.js"
import { processGone } from "../test-support/processGone.js"

let harness: HubHarness | undefined
afterEach(async () => {
	await harness?.cleanup()
	harness = undefined
})

const env = { MCP_FIXTURE_LOG: "/dev/null" }
const statusOf = (h: HubHarness, name: string, source?: "global" | "project") =>
	h.server(name, source)?.status

describe("McpHub", () => {
	it("starts the servers of the global file and lists each with its tools named for the model", async () => {
		harness = await startHub({
			global: { mcpServers: { one: fixtureEntry(), two: fixtureEntry() } },
			env,
		})
		const h = harness
		await h.until((s) => s.servers.every((server) => server.status === "connected"), "both connected")
		const one = h.server("one")
		expect(one).toMatchObject({ source: "global", transport: "stdio", configFile: h.globalFile })
		expect(one?.tools.map((t) => [t.name, t.modelName])).toEqual([
			["echo", "mcp__one__echo"],
			["crash", "mcp__one__crash"],
			["hang", "mcp__one__hang"],
		])
		expect(h.hub.tools().map((t) => t.modelName)).toContain("mcp__two__echo")
		expect(await h.pids()).toHaveLength(2)
	})

	it("a malformed entry is a problem naming server and field; the other servers start", async () => {
		harness = await startHub({
			global: { mcpServers: { bad: { command: 42 }, good: fixtureEntry() } },
			env,
		})
		const h = harness
		const snapshot = await h.until(
			(s) => s.servers.some((x) => x.status === "connected"),
			"good connected",
		)
		expect(snapshot.problems).toEqual([
			expect.objectContaining({
				source: "global",
				file: h.globalFile,
				server: "bad",
				field: "command",
			}),
		])
		expect(h.server("bad")).toMatchObject({
			status: "error",
			error: expect.stringContaining("(command)"),
		})
	})

	it("a change to the file restarts only the servers whose entry changed; alwaysAllow restarts nothing", async () => {
		const config = {
			mcpServers: { stays: fixtureEntry(), changes: fixtureEntry(), goes: fixtureEntry() },
		}
		harness = await startHub({ global: config, env })
		const h = harness
		await h.until(
			(s) => s.servers.filter((x) => x.status === "connected").length === 3,
			"three connected",
		)
		const before = await h.pids()

		await writeFile(
			h.globalFile,
			JSON.stringify({
				mcpServers: {
					stays: { ...config.mcpServers.stays, alwaysAllow: ["echo"], timeout: 5 },
					changes: {
						...config.mcpServers.changes,
						args: [...config.mcpServers.changes.args, "--changed"],
					},
					added: fixtureEntry(),
				},
			}),
		)
		await h.until(
			(s) =>
				s.servers.map((x) => `${x.name}:${x.status}`).join() ===
				"stays:connected,changes:connected,added:connected",
			"the new set connected",
		)
		const after = await h.pids()
		expect(after).toHaveLength(5)
		expect(h.server("stays")?.tools.find((t) => t.name === "echo")?.alwaysAllow).toBe(true)
		// Ended: the old "changes" and "goes"; "stays" kept its process.
		const stillRunning = before.filter((pid) => {
			try {
				process.kill(pid, 0)
				return true
			} catch {
				return false
			}
		})
		expect(stillRunning).toHaveLength(1)
		for (const pid of before.filter((p) => !stillRunning.includes(p))) await processGone(pid)
	})

	it("writes toggles back to the file, keeping the rest of it, and applies them", async () => {
		const text =
			'{\n  // mine\n  "other": true,\n  "mcpServers": {\n    "s": ' +
			JSON.stringify(fixtureEntry()) +
			"\n  }\n}\n"
		harness = await startHub({ global: text, env })
		const h = harness
		await h.until(() => statusOf(h, "s") === "connected", "connected")
		const [pid] = await h.pids()

		await h.hub.setToolAlwaysAllow("global", "s", "echo", true)
		expect(h.server("s")?.tools.find((t) => t.name === "echo")?.alwaysAllow).toBe(true)
		await h.hub.setDisabled("global", "s", true)
		expect(statusOf(h, "s")).toBe("disabled")
		await processGone(pid as number)
		const written = await readFile(h.globalFile, "utf8")
		expect(written).toContain("// mine")
		expect(written).toContain('"other": true')
		expect(written).toMatch(/"alwaysAllow": \[\s*"echo"\s*\]/)
		expect(written).toMatch(/"disabled": true/)

		await h.hub.delete("global", "s")
		expect(h.hub.snapshot().servers).toEqual([])
		expect(await readFile(h.globalFile, "utf8")).toContain('"other": true')
	})

	it("a failed write is an error for the caller, never swallowed", async () => {
		harness = await startHub({
			global: { mcpServers: { s: fixtureEntry("tools", { disabled: true }) } },
			env,
		})
		await expect(harness.hub.setDisabled("global", "nobody", true)).rejects.toThrow(
			/no server named "nobody"/,
		)
		await writeFile(harness.globalFile, "{ not json")
		await expect(harness.hub.setDisabled("global", "s", false)).rejects.toThrow(
			/cannot be changed.*not valid JSON/,
		)
	})

	it("a syntax error while editing keeps the running servers and reports the line", async () => {
		harness = await startHub({ global: { mcpServers: { s: fixtureEntry() } }, env })
		const h = harness
		await h.until(() => statusOf(h, "s") === "connected", "connected")
		await writeFile(h.globalFile, '{\n  "mcpServers": {\n    "s": \n')
		// writeFile truncates first: the watcher may see the empty file on the way (also a problem).
		const snapshot = await h.until(
			(s) => s.problems.some((p) => /line \d+, column \d+/.test(p.message)),
			"the syntax error",
		)
		expect(snapshot.problems).toHaveLength(1)
		expect(statusOf(h, "s")).toBe("connected")
	})
})

describe("project servers", () => {
	const project = () => ({ mcpServers: { proj: fixtureEntry() } })

	it("never start without consent: blocked, saying how to allow them, and no process", async () => {
		harness = await startHub({ project: project(), env })
		const h = harness
		await h.until(
			() => statusOf(h, "proj") === "blocked" && !h.server("proj")?.error?.startsWith("Waiting"),
			"blocked",
		)
		expect(h.server("proj")?.error).toMatch(/only with your consent\. Run with --allow-project-mcp/)
		await h.hub.settled(5_000)
		expect(await h.pids()).toEqual([])
	})

	it("a refusal blocks them; Restart asks again, and a yes starts them", async () => {
		const answers = [false, true]
		const asked: string[] = []
		harness = await startHub({
			project: project(),
			env,
			ask: async (code) => {
				asked.push(`${code.kind} ${code.file}: ${code.names?.join(", ")}`)
				return answers.shift() ?? false
			},
		})
		const h = harness
		await h.until(
			() =>
				statusOf(h, "proj") === "blocked" &&
				asked.length === 1 &&
				!h.hub.snapshot().servers[0]?.error?.startsWith("Waiting"),
			"refused",
		)
		expect(await h.pids()).toEqual([])
		await h.hub.restart("project", "proj")
		await h.until(() => statusOf(h, "proj") === "connected", "connected after consent")
		expect(asked).toEqual([
			"projectMcpServers .cairn/mcp.json: proj",
			"projectMcpServers .cairn/mcp.json: proj",
		])
	})

	it("the global servers do not wait for the answer", async () => {
		let answer: (yes: boolean) => void = () => undefined
		harness = await startHub({
			global: { mcpServers: { mine: fixtureEntry() } },
			project: project(),
			env,
			ask: () => new Promise((resolve) => (answer = resolve)),
		})
		const h = harness
		await h.until(() => statusOf(h, "mine") === "connected", "the global server connected")
		expect(h.server("proj")).toMatchObject({
			status: "blocked",
			error: expect.stringMatching(/^Waiting for your answer/),
		})
		answer(true)
		await h.until(() => statusOf(h, "proj") === "connected", "the project server connected")
	})

	it("consent is to the exact text: a changed file asks again; the person's own edits through Cairn do not", async () => {
		const state = memoryState()
		const asked: string[] = []
		harness = await startHub({
			project: project(),
			env,
			state,
			ask: async (code) => (asked.push(code.content), true),
		})
		const h = harness
		await h.until(() => statusOf(h, "proj") === "connected", "connected")
		await h.hub.setToolAlwaysAllow("project", "proj", "echo", true)
		expect(asked).toHaveLength(1)
		expect(statusOf(h, "proj")).toBe("connected")

		// A save caught half-way (not JSON) asks nothing and stops nothing.
		await writeFile(h.projectFile, '{"mcpServers": {')
		await h.until((s) => s.problems.some((p) => /not valid JSON/.test(p.message)), "the syntax problem")
		expect(asked).toHaveLength(1)
		expect(statusOf(h, "proj")).toBe("connected")

		const changed = {
			mcpServers: { proj: fixtureEntry("tools", { args: [fixtureEntry().args[0], "tools", "x"] }) },
		}
		await writeFile(h.projectFile, JSON.stringify(changed))
		await h.until(() => asked.length === 2, "asked again")
		expect(asked[1]).toContain('"x"')
	})
})

describe("adding a server (a client's form or catalog)", () => {
	const fixture = () => {
		const entry = fixtureEntry()
		return {
			type: "stdio" as const,
			command: entry.command,
			args: entry.args,
			env: { ...entry.env, FIXTURE_TOKEN: "secret-123" },
		}
	}

	it("writes it into the person's file (made when missing) as they would, and starts it", async () => {
		harness = await startHub({ env })
		const h = harness
		await h.hub.addServer("global", "mine", fixture())
		await h.until(() => statusOf(h, "mine") === "connected", "connected")
		const written = JSON.parse(await readFile(h.globalFile, "utf8")) as {
			mcpServers: Record<string, unknown>
		}
		expect(written.mcpServers.mine).toEqual({
			command: process.execPath,
			args: fixture().args,
			env: fixture().env,
		})
	})

	it("refuses a taken name and an entry the config would not accept, writing nothing", async () => {
		harness = await startHub({ global: { mcpServers: { mine: fixtureEntry() } }, env })
		const h = harness
		const before = await readFile(h.globalFile, "utf8")
		await expect(h.hub.addServer("global", "mine", fixture())).rejects.toThrow(
			/already a server named "mine"/,
		)
		await expect(
			h.hub.addServer("global", "remote", {
				type: "streamable-http",
				url: "ftp://example.com/mcp",
				headers: {},
			}),
		).rejects.toThrow(/url must be an http:\/\/ or https:\/\/ address/)
		await expect(
			h.hub.addServer("global", "token", {
				...fixture(),
				env: { TOKEN: "${env:CAIRN_TEST_UNSET_TOKEN}" },
			}),
		).rejects.toThrow(/CAIRN_TEST_UNSET_TOKEN is not set/)
		expect(await readFile(h.globalFile, "utf8")).toBe(before)
	})

	it("a server added to the workspace's file waits for the person's consent, as a hand-written one does", async () => {
		const asked: (readonly string[])[] = []
		harness = await startHub({ env, ask: async (code) => (asked.push(code.names ?? []), false) })
		const h = harness
		await h.hub.addServer("project", "repo-tools", fixture())
		await h.until(
			() => statusOf(h, "repo-tools") === "blocked" && asked.length === 1,
			"blocked after the refusal",
		)
		expect(asked).toEqual([["repo-tools"]])
		await h.hub.settled(5_000)
		expect(await h.pids()).toEqual([])
	})
})
