import * as assert from "node:assert/strict"
import { existsSync } from "node:fs"
import { stat } from "node:fs/promises"
import { IpcClient } from "@cairn/core/test-support/ipcClient"
import type { ModelServer } from "@cairn/model-server"
import type { CairnAPI } from "@cairn/types"
import { cairnApi, call, chatRequests, done, followup, nextEvent, startModel } from "./support/apiTestKit"

/**
 * e2e/run-extension-tests.mjs sets CAIRN_IPC_SOCKET_PATH and CAIRN_IPC_TOKEN for the extension
 * host, which deletes them at activation, and gives this suite its own copy of both.
 */
async function servedSocket(): Promise<{ socketPath: string; token: string }> {
	const socketPath = process.env.CAIRN_TEST_IPC_SOCKET_PATH
	const token = process.env.CAIRN_TEST_IPC_TOKEN
	assert.ok(socketPath && token, "CAIRN_TEST_IPC_SOCKET_PATH or CAIRN_TEST_IPC_TOKEN is not set")
	// The socket is served once the agent has loaded, right after activation.
	const deadline = Date.now() + 10_000
	while (!existsSync(socketPath)) {
		assert.ok(Date.now() < deadline, `nothing is served at ${socketPath}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	return { socketPath, token }
}

const configure = (server: ModelServer) => ({
	command: "setConfiguration",
	requestId: "configure",
	configuration: {
		provider: { provider: "openai", modelId: "gpt-4.1", baseUrl: server.openaiBaseURL },
		apiKey: "test-key",
		mode: "code",
		requestRetries: 0,
		autoApproval: { enabled: false },
	},
})

suite("IPC socket (CAIRN_IPC_SOCKET_PATH)", () => {
	let api: CairnAPI
	const clients: IpcClient[] = []
	const servers: ModelServer[] = []
	const connect = async ({ socketPath, token }: { socketPath: string; token: string }) => {
		const client = await IpcClient.connect(socketPath, token)
		clients.push(client)
		return client
	}

	setup(async () => {
		api = await cairnApi()
	})

	teardown(async () => {
		for (const client of clients.splice(0)) client.close()
		await api.clearCurrentTask()
		await Promise.all(servers.splice(0).map((server) => server.close()))
	})

	test("the extension host keeps no launch-only variable; a client without the token is refused", async () => {
		const socket = await servedSocket()
		for (const name of [
			"CAIRN_IPC_SOCKET_PATH",
			"CAIRN_IPC_TOKEN",
			"CAIRN_API_MAY_CHANGE_TRUST_SETTINGS",
		])
			assert.equal(process.env[name], undefined, `${name} is still in the extension host's environment`)
		const intruder = await IpcClient.open(socket.socketPath)
		clients.push(intruder)
		intruder.send({ command: "setConfiguration", requestId: "c1", configuration: { mode: "ask" } })
		await intruder.closed
		assert.deepEqual(
			intruder.lines.map((line) => line.code),
			["unauthenticated"],
		)
	})

	test("a client starts a task, answers its question and receives the completion; garbage gets errors", async () => {
		const socket = await servedSocket()
		assert.equal((await stat(socket.socketPath)).mode & 0o777, 0o600)
		const server = await startModel([
			followup("Which database?", ["SQLite", "Postgres"]),
			done("Using Postgres."),
		])
		servers.push(server)
		const client = await connect(socket)
		const listener = await connect(socket)
		client.send(configure(server))
		assert.equal((await client.reply("configure")).code, "configured")

		client.sendRaw(
			'not json {{\n{"command":"launch","requestId":"g1"}\n{"command":"start","requestId":"g2"}\n',
		)
		client.send({ command: "start", requestId: "s1", prompt: "set up the database" })
		const question = await client.waitFor((l) => l.type === "ask" && l.ask === "followup", "the question")
		assert.deepEqual(question.suggestions, ["SQLite", "Postgres"])
		client.send({ command: "message", requestId: "m1", prompt: "Postgres" })
		assert.equal((await client.reply("m1")).code, "responded")
		const started = await client.reply("s1")
		assert.equal(started.code, "task_completed")
		assert.deepEqual(await api.getCurrentTaskStack(), [started.taskId])

		const errors = client.lines.filter((l) => l.type === "error" && l.code === "invalid_command")
		assert.deepEqual(
			errors.map((e) => e.requestId),
			[undefined, "g1", "g2"],
		)
		for (const watcher of [client, listener]) {
			await watcher.waitFor(
				(l) => l.type === "completion" && l.text === "Using Postgres.",
				"the completion",
			)
			await watcher.waitFor((l) => l.type === "result" && l.success === true, "the result")
		}
		assert.match(JSON.stringify(chatRequests(server)[1]?.body), /Postgres/)
	})

	test("a client leaving mid-task leaves the task running; another approves with pressPrimaryButton", async () => {
		const socket = await servedSocket()
		const server = await startModel([
			{
				text: "Let me write the file.",
				textChunks: 20,
				chunkDelayMs: 30,
				...call("write_to_file", { path: "ipc.txt", content: "ok" }),
			},
			done("Wrote it."),
		])
		servers.push(server)
		const starter = await connect(socket)
		const approver = await connect(socket)
		starter.send(configure(server))
		await starter.reply("configure")
		const completed = nextEvent(api, "taskCompleted")
		starter.send({ command: "start", requestId: "s1", prompt: "write ipc.txt" })
		await starter.waitFor((l) => l.type === "assistant" && l.done === false, "streaming text")
		starter.close()
		await approver.waitFor((l) => l.type === "ask" && l.ask === "tool", "the approval")
		approver.send({ command: "pressPrimaryButton", requestId: "p1" })
		const pressed = await approver.reply("p1")
		assert.equal(pressed.code, "pressed")
		assert.equal(pressed.button, "Approve")
		const [, , toolUsage] = await completed
		assert.deepEqual(toolUsage.write_to_file, { attempts: 1, failures: 0 })
		await approver.waitFor((l) => l.type === "completion" && l.text === "Wrote it.", "the completion")
	})
})
