import { existsSync } from "node:fs"
import { readdir, readFile, stat, writeFile } from "node:fs/promises"
import { spawn } from "node:child_process"
import { connect } from "node:net"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type AgentHarnessOptions } from "../test-support/agentHarness.js"
import { IpcClient } from "../test-support/ipcClient.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { maxLineBytes } from "./ipcConnection.js"
import { IpcServer } from "./IpcServer.js"

const done = (result = "Done.") => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] })

/** What the launcher would put in CAIRN_IPC_TOKEN. */
const token = "0123456789abcdef0123456789abcdef"

interface World {
	agent: AgentHarness
	server: IpcServer
	socketPath: string
	clients: IpcClient[]
	connect(): Promise<IpcClient>
	cleanup(): Promise<void>
}

let world: World | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

async function serve(options: AgentHarnessOptions & { mayChangeTrust?: boolean }): Promise<World> {
	const agent = await startAgent(options)
	const temp = await makeTempDir("cairn-ipc-")
	const socketPath = path.join(temp.dir, "cairn.sock")
	const server = await IpcServer.listen({
		controller: agent.controller,
		path: socketPath,
		logger: recordingLogger(),
		token,
		mayChangeTrust: options.mayChangeTrust === true,
	})
	const clients: IpcClient[] = []
	return {
		agent,
		server,
		socketPath,
		clients,
		async connect() {
			const client = await IpcClient.connect(socketPath, token)
			clients.push(client)
			return client
		},
		async cleanup() {
			for (const client of clients) client.close()
			await server.close()
			await agent.cleanup()
			await temp.remove()
		},
	}
}

describe("the IPC socket", () => {
	it("is a socket only its owner may use, and says what it reads in its init line", async () => {
		world = await serve({ provider: "openai" })
		expect((await stat(world.socketPath)).mode & 0o777).toBe(0o600)
		// It was bound in a private folder first; nothing of that is left.
		expect(await readdir(path.dirname(world.socketPath))).toEqual(["cairn.sock"])
		const client = await world.connect()
		expect(client.lines[0]).toMatchObject({
			type: "init",
			schemaVersion: 1,
			cairnVersion: "test",
			workspace: world.agent.workspace,
			provider: "openai",
			model: "gpt-4.1",
			mode: "code",
			autoApprove: false,
			capabilities: {
				commands: [
					"start",
					"message",
					"condense",
					"cancel",
					"ping",
					"shutdown",
					"pressPrimaryButton",
					"pressSecondaryButton",
					"getConfiguration",
					"setConfiguration",
					"startInWorktree",
					"listTasks",
					"taskDiff",
					"landTask",
					"discardTask",
				],
			},
		})
	})

	it("a client starts a task, answers its question, and receives the completion", async () => {
		world = await serve({
			provider: "openai",
			scenario: [
				call("ask_followup_question", {
					question: "Which database?",
					follow_up: [{ text: "SQLite" }, { text: "Postgres" }],
				}),
				done("Using Postgres."),
			],
		})
		const client = await world.connect()
		client.send({ command: "start", requestId: "s1", prompt: "set up the database" })
		expect(await client.waitFor((l) => l.type === "ack", "the ack")).toEqual({
			type: "ack",
			requestId: "s1",
			command: "start",
		})
		expect(await client.waitFor((l) => l.type === "ask", "the question")).toMatchObject({
			ask: "followup",
			question: "Which database?",
			suggestions: ["SQLite", "Postgres"],
		})
		await client.waitFor((l) => l.subtype === "waiting_for_answer", "the wait for an answer")
		client.send({ command: "message", requestId: "m1", prompt: "Postgres" })
		expect(await client.reply("m1")).toMatchObject({ type: "done", code: "responded" })
		expect(await client.reply("s1")).toMatchObject({
			type: "done",
			code: "task_completed",
			taskId: world.agent.client.taskId,
		})
		expect(client.lines).toContainEqual(
			expect.objectContaining({ type: "completion", text: "Using Postgres." }),
		)
		expect(client.lines).toContainEqual(
			expect.objectContaining({ type: "result", success: true, result: "Using Postgres." }),
		)
		// The webview (any other client of the Controller) saw the same task.
		expect(world.agent.client.says("completion_result").map((m) => m.text)).toEqual(["Using Postgres."])
	})

	it("presses the chat's buttons: Approve runs the edit", async () => {
		world = await serve({
			provider: "openai",
			scenario: [call("write_to_file", { path: "out.txt", content: "ok" }), done()],
		})
		const client = await world.connect()
		client.send({ command: "pressPrimaryButton", requestId: "p0" })
		expect(await client.reply("p0")).toMatchObject({ type: "error", code: "no_button" })
		client.send({ command: "start", requestId: "s1", prompt: "write" })
		await client.waitFor((l) => l.type === "ask" && l.ask === "tool", "the approval")
		client.send({ command: "pressPrimaryButton", requestId: "p1" })
		expect(await client.reply("p1")).toMatchObject({ type: "done", code: "pressed", button: "Approve" })
		expect(await client.reply("s1")).toMatchObject({ code: "task_completed" })
		expect(await readFile(path.join(world.agent.workspace, "out.txt"), "utf8")).toBe("ok")
		expect(client.lines).toContainEqual(
			expect.objectContaining({
				type: "system",
				subtype: "ask_answered",
				response: "yesButtonClicked",
				by: "person",
			}),
		)
	})

	it("condense: refused without a task; after one, done with the figures of the condense row", async () => {
		const summary = "Read notes.md: release notes, nothing to change."
		const notes = Array.from({ length: 60 }, (_, i) => `- release 1.${i}: fixed issue #${100 + i}`).join(
			"\n",
		)
		world = await serve({
			provider: "openai",
			files: { "notes.md": notes },
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [call("read_file", { path: "notes.md" }), done("Read them."), { text: summary }],
		})
		const client = await world.connect()
		client.send({ command: "condense", requestId: "k0" })
		expect(await client.reply("k0")).toMatchObject({ type: "error", code: "no_active_task" })
		client.send({ command: "start", requestId: "s1", prompt: "read the notes" })
		expect(await client.reply("s1")).toMatchObject({ code: "task_completed" })
		client.send({ command: "condense", requestId: "k1" })
		await client.waitFor((l) => l.type === "ack" && l.requestId === "k1", "the ack")
		expect(await client.reply("k1")).toMatchObject({
			type: "done",
			command: "condense",
			code: "condensed",
			prevContextTokens: expect.any(Number),
			newContextTokens: expect.any(Number),
			cost: expect.any(Number),
		})
		expect(client.lines).toContainEqual(
			expect.objectContaining({ type: "system", subtype: "context_condensed", summary }),
		)
	})

	it("condense: one that cannot be done is done with its reason, and the session goes on", async () => {
		world = await serve({ provider: "openai", scenario: [done("Hello.")] })
		const client = await world.connect()
		client.send({ command: "start", requestId: "s1", prompt: "say hello" })
		expect(await client.reply("s1")).toMatchObject({ code: "task_completed" })
		client.send({ command: "condense", requestId: "k1" })
		expect(await client.reply("k1")).toMatchObject({
			type: "done",
			code: "condense_failed",
			error: expect.stringMatching(/^Nothing to condense yet/),
		})
		expect(client.lines).toContainEqual(
			expect.objectContaining({ type: "system", subtype: "condense_failed" }),
		)
		client.send({ command: "ping", requestId: "p1" })
		expect(await client.reply("p1")).toMatchObject({ type: "done", code: "pong" })
		expect(world.agent.server.requests.filter((r) => r.route === "chat")).toHaveLength(1)
	})

	it("setConfiguration cannot change a trust setting: refused whole with the names, nothing changed", async () => {
		world = await serve({ provider: "openai" })
		const settings = world.agent.controller.settingsStore
		const before = structuredClone(settings.settings)
		const client = await world.connect()
		client.send({
			command: "setConfiguration",
			requestId: "c1",
			configuration: { mode: "ask", commandSandbox: false, autoApproval: { execute: true } },
		})
		expect(await client.reply("c1")).toMatchObject({
			type: "error",
			code: "invalid_configuration",
			message: expect.stringMatching(
				/^commandSandbox, autoApproval\.execute are trust settings .*Nothing was changed/,
			),
		})
		client.send({
			command: "setConfiguration",
			requestId: "c2",
			configuration: { apiKey: "sk-mine-now" },
		})
		expect(await client.reply("c2")).toMatchObject({
			type: "error",
			message: /^apiKey is a trust setting/,
		})
		expect(settings.settings).toEqual(before)
		expect(await settings.apiKey("openai")).toBe("test-key")
	})

	it("getConfiguration and setConfiguration change the settings every client sees (the key where the person allowed it)", async () => {
		world = await serve({ provider: "openai", mayChangeTrust: true })
		const client = await world.connect()
		client.send({
			command: "setConfiguration",
			requestId: "c1",
			configuration: { mode: "ask", apiKey: "new-key" },
		})
		expect(await client.reply("c1")).toMatchObject({ code: "configured", configuration: { mode: "ask" } })
		expect(world.agent.controller.settingsStore.settings.mode).toBe("ask")
		expect(await world.agent.controller.settingsStore.apiKey("openai")).toBe("new-key")
		client.send({ command: "getConfiguration", requestId: "g1" })
		const reply = await client.reply("g1")
		expect(reply).toMatchObject({
			code: "configuration",
			configuration: { mode: "ask", provider: { provider: "openai" } },
		})
		expect(JSON.stringify(reply)).not.toContain("new-key")
	})

	it("garbage lines each get an error event and stop nothing", async () => {
		world = await serve({ provider: "openai", scenario: [done()] })
		const client = await world.connect()
		const garbage = [
			"not json {{",
			JSON.stringify({ command: "launch", requestId: "g1" }),
			JSON.stringify({ command: "start", requestId: "g2" }),
			JSON.stringify([1, "array", null]),
			JSON.stringify({ command: "setConfiguration", requestId: "g3", configuration: { mdoe: "x" } }),
			"\u0000\u00ff\u{1F600}",
			"x".repeat(1_000_001),
		]
		client.sendRaw(`${garbage.join("\n")}\n\n`)
		client.send({ command: "start", requestId: "s1", prompt: "still fine" })
		expect(await client.reply("s1")).toMatchObject({ type: "done", code: "task_completed" })
		const errors = client.lines.filter((l) => l.type === "error" && l.code === "invalid_command")
		expect(errors).toHaveLength(garbage.length)
		expect(errors.map((e) => e.requestId)).toEqual([
			undefined,
			"g1",
			"g2",
			undefined,
			"g3",
			undefined,
			undefined,
		])
		expect(errors[2]).toMatchObject({ message: expect.stringMatching(/prompt/) })
		expect(errors[6]).toMatchObject({ message: expect.stringMatching(/longer than/) })
	})

	it("several clients listen; one leaving mid-task changes nothing for the task or the others", async () => {
		world = await serve({
			provider: "openai",
			scenario: [
				{
					text: "a slow answer, word by word",
					textChunks: 30,
					chunkDelayMs: 30,
					...done("Finished."),
				},
			],
		})
		const starter = await world.connect()
		const watcher = await world.connect()
		starter.send({ command: "start", requestId: "s1", prompt: "talk" })
		await starter.waitFor((l) => l.type === "assistant" && l.done === false, "streaming text")
		starter.close()
		await starter.closed
		// A client joining now sees the task from its start.
		const late = await world.connect()
		for (const client of [watcher, late]) {
			await client.waitFor((l) => l.type === "result", "the result")
			expect(client.lines).toContainEqual(expect.objectContaining({ type: "user", text: "talk" }))
			expect(client.lines).toContainEqual(
				expect.objectContaining({
					type: "assistant",
					done: true,
					text: "a slow answer, word by word",
				}),
			)
			expect(client.lines).toContainEqual(
				expect.objectContaining({ type: "completion", text: "Finished." }),
			)
		}
		await expect.poll(() => world?.server.connectionCount).toBe(2)
	})

	it("a client that resets the connection with events unread ends only its own session", async () => {
		world = await serve({ provider: "openai" })
		const uncaught: unknown[] = []
		const record = (error: unknown) => uncaught.push(error)
		process.on("uncaughtException", record)
		try {
			// A raw client that never reads: its unread init line makes closing it a reset (ECONNRESET).
			const rude = connect(world.socketPath)
			rude.pause()
			await new Promise((resolve) => rude.once("connect", resolve))
			rude.write(`${JSON.stringify({ command: "authenticate", token })}\n`)
			rude.write(`${JSON.stringify({ command: "ping", requestId: "p" })}\n`)
			await expect.poll(() => world?.server.connectionCount).toBe(1)
			await new Promise((resolve) => setTimeout(resolve, 100))
			rude.destroy()
			await expect.poll(() => world?.server.connectionCount).toBe(0)
			const polite = await world.connect()
			polite.send({ command: "ping", requestId: "p2" })
			expect(await polite.reply("p2")).toMatchObject({ type: "done" })
			expect(uncaught).toEqual([])
		} finally {
			process.off("uncaughtException", record)
		}
	})

	it("drops a client whose line passes the limit as soon as it does; other clients go on", async () => {
		world = await serve({ provider: "openai" })
		const other = await world.connect()
		const flood = await world.connect()
		const chunk = Buffer.alloc(64 * 1024, "a")
		const whole = 4 * maxLineBytes
		let written = 0
		while (!flood.socket.destroyed && written < whole) {
			await new Promise<void>((resolve) => flood.socket.write(chunk, () => resolve()))
			written += chunk.length
		}
		// Let go after about the limit (plus what the socket's buffers held), not the whole line.
		expect(written).toBeGreaterThan(maxLineBytes)
		expect(written).toBeLessThan(maxLineBytes + 2 * 1024 * 1024)
		await flood.closed
		await expect.poll(() => world?.server.connectionCount).toBe(1)
		other.send({ command: "ping", requestId: "p" })
		expect(await other.reply("p")).toMatchObject({ type: "done" })
	})

	it("shutdown saves the running task (resumable) and closes only that connection", async () => {
		world = await serve({
			provider: "openai",
			scenario: [{ text: "a slow answer", textChunks: 40, chunkDelayMs: 50, ...done() }],
		})
		const client = await world.connect()
		const other = await world.connect()
		client.send({ command: "start", requestId: "s1", prompt: "talk" })
		await client.waitFor((l) => l.type === "assistant", "streaming text")
		client.send({ command: "shutdown", requestId: "x" })
		expect(await client.reply("x")).toMatchObject({ code: "shutdown" })
		await client.closed
		await world.agent.client.waitForAsk("resume_task")
		other.send({ command: "ping", requestId: "p" })
		expect(await other.reply("p")).toMatchObject({ code: "pong" })
	})
})

describe("the IPC socket's authentication", () => {
	const refusal = {
		type: "error",
		source: "authentication",
		code: "unauthenticated",
		message: expect.stringMatching(/first line must be .*authenticate/),
	}

	it("a client that does not authenticate first gets one error line, is disconnected, and nothing it sent is done", async () => {
		world = await serve({ provider: "openai", scenario: [done()] })
		const intruder = await IpcClient.open(world.socketPath)
		intruder.send({ command: "setConfiguration", requestId: "c1", configuration: { mode: "ask" } })
		intruder.send({ command: "start", requestId: "s1", prompt: "write outside" })
		await intruder.closed
		// Not even the init line (which names the workspace and the model) reached it.
		expect(intruder.lines).toEqual([refusal])
		expect(world.agent.controller.settingsStore.settings.mode).toBe("code")
		expect(world.agent.server.requests).toEqual([])
		await expect.poll(() => world?.server.connectionCount).toBe(0)
	})

	it("a wrong token is refused the same way, whatever follows it", async () => {
		world = await serve({ provider: "openai" })
		const guesser = await IpcClient.open(world.socketPath)
		guesser.send({ command: "authenticate", token: `${token.slice(0, -1)}0` })
		guesser.send({ command: "setConfiguration", requestId: "c1", configuration: { mode: "ask" } })
		await guesser.closed
		expect(guesser.lines).toEqual([refusal])
		expect(world.agent.controller.settingsStore.settings.mode).toBe("code")
	})

	it("the right token opens the session; commands sent with it in one write are read in order", async () => {
		world = await serve({ provider: "openai" })
		const client = await IpcClient.open(world.socketPath)
		client.sendRaw(
			[
				{ command: "authenticate", token },
				{ command: "setConfiguration", requestId: "c1", configuration: { mode: "ask" } },
				{ command: "ping", requestId: "p1" },
			]
				.map((line) => `${JSON.stringify(line)}\n`)
				.join(""),
		)
		expect(await client.reply("p1")).toMatchObject({ type: "done", code: "pong" })
		expect(client.lines[0]).toMatchObject({ type: "init" })
		expect(await client.reply("c1")).toMatchObject({ type: "done", code: "configured" })
		expect(world.agent.controller.settingsStore.settings.mode).toBe("ask")
	})

	it("a token too short to keep guessers out is refused before anything listens", async () => {
		const agent = await startAgent({ provider: "openai" })
		const temp = await makeTempDir("cairn-ipc-")
		try {
			const socketPath = path.join(temp.dir, "cairn.sock")
			await expect(
				IpcServer.listen({
					controller: agent.controller,
					path: socketPath,
					logger: recordingLogger(),
					token: "secret",
				}),
			).rejects.toThrow(/token must be at least 32 characters/)
			expect(existsSync(socketPath)).toBe(false)
		} finally {
			await agent.cleanup()
			await temp.remove()
		}
	})
})

/** A process that serves `socketPath` and dies by SIGKILL, leaving its socket file behind. */
async function leaveStaleSocket(socketPath: string): Promise<void> {
	const child = spawn(process.execPath, [
		"-e",
		`require("node:net").createServer().listen(${JSON.stringify(socketPath)}, () => console.log("up"))`,
	])
	await new Promise((resolve) => child.stdout.once("data", resolve))
	child.kill("SIGKILL")
	await new Promise((resolve) => child.once("exit", resolve))
}

describe("the socket's path", () => {
	it("a stale socket file is replaced; a socket in use and a file that is not a socket are refused", async () => {
		const agent = await startAgent({ provider: "openai" })
		const temp = await makeTempDir("cairn-ipc-")
		const logger = recordingLogger()
		try {
			const stale = path.join(temp.dir, "stale.sock")
			await leaveStaleSocket(stale)
			expect(existsSync(stale)).toBe(true)
			const server = await IpcServer.listen({
				controller: agent.controller,
				path: stale,
				logger,
				token,
			})
			await expect(
				IpcServer.listen({ controller: agent.controller, path: stale, logger, token }),
			).rejects.toThrow(/already serving/)
			await server.close()
			expect(existsSync(stale)).toBe(false)

			const file = path.join(temp.dir, "notes.txt")
			await writeFile(file, "mine")
			await expect(
				IpcServer.listen({ controller: agent.controller, path: file, logger, token }),
			).rejects.toThrow(/is not a socket/)
			expect(await readFile(file, "utf8")).toBe("mine")
			await expect(
				IpcServer.listen({
					controller: agent.controller,
					path: path.join(temp.dir, "missing", "x.sock"),
					logger,
					token,
				}),
			).rejects.toThrow(/the folder .*missing does not exist/)
		} finally {
			await agent.cleanup()
			await temp.remove()
		}
	})
})
