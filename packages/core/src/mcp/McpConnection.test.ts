import { readFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { processGone } from "../test-support/processGone.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { everythingScript, fixtureServerScript, stdioServer } from "../test-support/mcp/servers.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { McpConnection } from "./McpConnection.js"
import type { McpServerConfig } from "./serverConfig.js"

const open: McpConnection[] = []
const temps: { remove(): Promise<void> }[] = []
afterEach(async () => {
	await Promise.all(open.splice(0).map((c) => c.close()))
	await Promise.all(temps.splice(0).map((t) => t.remove()))
})

/** A connection and a way to wait until its status is one of `statuses`. */
function connect(config: McpServerConfig, reconnect = { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 3 }) {
	const waiters: (() => void)[] = []
	const connection = new McpConnection(config, {
		clientVersion: "test",
		logger: recordingLogger(),
		onChange: () => {
			for (const wake of waiters.splice(0)) wake()
		},
		reconnect,
		stopGraceMs: 200,
	})
	open.push(connection)
	connection.start()
	const until = (predicate: (c: McpConnection) => boolean, what: string, timeoutMs = 30_000) =>
		new Promise<void>((resolve, reject) => {
			const timer = setTimeout(
				() =>
					reject(
						new Error(`timed out waiting for ${what}; now ${JSON.stringify(connection.view)}`),
					),
				timeoutMs,
			)
			const check = () => {
				if (predicate(connection)) {
					clearTimeout(timer)
					resolve()
				} else waiters.push(check)
			}
			check()
		})
	return { connection, until }
}

async function pidFile() {
	const temp = await makeTempDir("cairn-mcp-pids-")
	temps.push(temp)
	const file = path.join(temp.dir, "pids")
	const pids = async () =>
		(await readFile(file, "utf8").catch(() => ""))
			.split("\n")
			.filter((l) => l !== "")
			.map(Number)
	return { file, dir: temp.dir, pids }
}

describe("McpConnection over stdio", () => {
	it("connects to server-everything and lists its tools, resources and templates", async () => {
		const { connection, until } = connect(stdioServer("everything", [everythingScript, "stdio"]))
		await until((c) => c.status === "connected", "connected")
		const view = connection.view
		expect(view.tools.map((t) => t.name)).toEqual(
			expect.arrayContaining(["echo", "get-sum", "get-tiny-image"]),
		)
		expect(view.resources.length).toBeGreaterThan(0)
		expect(view.resourceTemplates.length).toBeGreaterThan(0)
		const result = await connection.callTool("get-sum", { a: 2, b: 3 }, {})
		expect(result.content).toEqual([
			expect.objectContaining({ type: "text", text: expect.stringContaining("5") }),
		])
	})

	it("a server that exits at start is in error with its last stderr lines, and not retried", async () => {
		const { file, pids } = await pidFile()
		const { connection, until } = connect(
			stdioServer("broken", [fixtureServerScript, "exit-at-start"], {
				env: { MCP_FIXTURE_PID_FILE: file },
			}),
		)
		await until((c) => c.status === "error" && c.view.stderr.length === 2, "the error with stderr")
		expect(connection.view.problem).toEqual({ kind: "exited_early", params: {} })
		expect(connection.view.stderr).toEqual([
			"fixture: cannot open the database at /nowhere",
			"fixture: giving up",
		])
		expect(connection.view.retryAt).toBeUndefined()
		expect(await pids()).toHaveLength(1)
	})

	it("a program that does not exist is named", async () => {
		const config = stdioServer("missing", [])
		const { connection, until } = connect({
			...config,
			launch: { ...config.launch, command: "/no/such/program-cairn" } as McpServerConfig["launch"],
		})
		await until((c) => c.status === "error", "the error")
		expect(connection.view.problem).toMatchObject({
			kind: "program_not_found",
			params: { command: "/no/such/program-cairn" },
		})
	})

	it("a server that crashes mid-call fails the call, then reconnects with backoff", async () => {
		const { file, pids } = await pidFile()
		const { connection, until } = connect(
			stdioServer("crashy", [fixtureServerScript], { env: { MCP_FIXTURE_PID_FILE: file } }),
		)
		await until((c) => c.status === "connected", "connected")
		await expect(connection.callTool("crash", {}, {})).rejects.toThrow(/Connection closed/)
		await until((c) => c.status === "disconnected" && c.view.retryAt !== undefined, "a scheduled retry")
		await until((c) => c.status === "connected", "reconnected")
		const [first, second] = await pids()
		expect(second).toBeDefined()
		expect(second).not.toBe(first)
		await processGone(first as number)
	})

	it("close() ends a server that ignores SIGTERM and the end of its stdin", async () => {
		const { file, pids } = await pidFile()
		const { connection, until } = connect(
			stdioServer("stubborn", [fixtureServerScript, "stubborn"], {
				env: { MCP_FIXTURE_PID_FILE: file },
			}),
		)
		await until((c) => c.status === "connected", "connected")
		await connection.close()
		const [pid] = await pids()
		await processGone(pid as number)
	})
})
