import * as assert from "node:assert/strict"
import path from "node:path"
import type { ModelServer } from "@cairn/model-server"
import type { CairnAPI } from "@cairn/types"
import * as vscode from "vscode"
import { CostMonitor, ReadOnlyAutoApprover, TaskErrorRecovery, TaskTracker } from "./support/apiPatterns"
import {
	assertInOrder,
	cairnApi,
	call,
	chatRequests,
	done,
	EventLog,
	nextEvent,
	scopedApi,
	startModel,
	useModel,
} from "./support/apiTestKit"
import { workspaceRoot } from "./support/workspaceFiles"

suite("public API (seed 002)", () => {
	let raw: CairnAPI
	let api: CairnAPI
	let disposeScope: () => void
	const servers: ModelServer[] = []
	const model = async (...scenario: Parameters<typeof startModel>[0]) => {
		const server = await startModel(scenario)
		servers.push(server)
		return server
	}

	setup(async () => {
		raw = await cairnApi()
		;({ api, dispose: disposeScope } = scopedApi(raw))
	})

	teardown(async () => {
		disposeScope()
		await raw.clearCurrentTask()
		await Promise.all(servers.splice(0).map((server) => server.close()))
	})

	test("activate() returns the typed API object, its methods loading the agent", async () => {
		for (const method of [
			"startNewTask",
			"sendMessage",
			"pressPrimaryButton",
			"setConfiguration",
		] as const)
			assert.equal(typeof raw[method], "function", method)
		const configuration = await api.getConfiguration()
		assert.equal(typeof configuration.mode, "string")
		assert.equal(api.isReady(), true)
	})

	test("TaskTracker, CostMonitor and the read-only auto-approver follow two tasks", async () => {
		const server = await model(
			call("read_file", { path: "README.md" }),
			call("write_to_file", { path: "api-notes.txt", content: "notes" }),
			done("Read and wrote."),
			call("list_files", { path: "src" }),
			done("Listed."),
		)
		await useModel(api, server)
		const tracker = new TaskTracker(api)
		const costs = new CostMonitor(api, 0.000_001)
		const approver = new ReadOnlyAutoApprover(api)

		// The write is not read-only: the approver leaves it, and this test approves it.
		const writeAsk = nextEvent(
			api,
			"message",
			({ message }) =>
				message.ask === "tool" && !message.partial && message.text?.includes("api-notes") === true,
		)
		let completed = nextEvent(api, "taskCompleted")
		const first = await api.startNewTask({ text: "read the README, then write notes" })
		await writeAsk
		assert.equal(await api.pressPrimaryButton(), true)
		await completed
		completed = nextEvent(api, "taskCompleted")
		const second = await api.startNewTask({ text: "list src" })
		await completed

		assert.deepEqual(approver.approved, ["readFile", "listFilesTopLevel"])
		for (const id of [first, second]) {
			const info = tracker.getTaskInfo(id)
			assert.ok(info, `the tracker knows ${id}`)
			assert.equal(info.status, "completed")
			assert.ok(info.endTime !== undefined && info.endTime >= info.startTime)
			assert.ok(info.messages.some((m) => m.say === "completion_result"))
			assert.ok(info.tokenUsage.totalTokensIn > 0)
			assert.equal(costs.getTaskCost(id), costs.finalCosts.get(id))
			assert.equal(costs.getTaskCost(id), info.tokenUsage.totalCost)
		}
		assert.deepEqual(tracker.getTaskInfo(first)?.toolUsage, {
			read_file: { attempts: 1, failures: 0 },
			write_to_file: { attempts: 1, failures: 0 },
			attempt_completion: { attempts: 1, failures: 0 },
		})
		assert.deepEqual(tracker.getRunningTasks(), [])
		const total = costs.getTaskCost(first) + costs.getTaskCost(second)
		assert.ok(total > 0, "the model has a price, so the tasks cost something")
		assert.ok(Math.abs(costs.getTotalCost() - total) < 1e-12)
		assert.ok(costs.alerts.length > 0, "the tiny threshold was crossed")
		const written = await vscode.workspace.fs.readFile(
			vscode.Uri.file(path.join(workspaceRoot(), "api-notes.txt")),
		)
		assert.equal(Buffer.from(written).toString("utf8"), "notes")
	})

	test("events follow seed 002's lifecycle for an ask and a completion", async () => {
		const server = await model(call("write_to_file", { path: "lifecycle.txt", content: "x" }), done())
		await useModel(api, server)
		const log = new EventLog(api)
		const ask = nextEvent(api, "taskInteractive")
		const idle = nextEvent(api, "taskIdle")
		await api.startNewTask({ text: "write" })
		await ask
		assert.equal(await api.pressPrimaryButton(), true)
		await idle
		log.dispose()
		assert.deepEqual(log.names.slice(0, 3), ["taskCreated", "taskStarted", "message"])
		assertInOrder(log.names, [
			"taskCreated",
			"taskStarted",
			"message",
			"taskTokenUsageUpdated",
			"message",
			"taskPaused",
			"taskInteractive",
			"taskAskResponded",
			"taskUnpaused",
			"taskActive",
			"message",
			"taskCompleted",
			"message",
			"taskPaused",
			"taskIdle",
		])
		assert.ok(!log.names.includes("taskAborted"))
	})

	test("events follow seed 002's lifecycle for a cancel", async () => {
		const server = await model({
			text: "a slow answer, word by word",
			textChunks: 40,
			chunkDelayMs: 50,
			...done(),
		})
		await useModel(api, server)
		const log = new EventLog(api)
		const streaming = nextEvent(
			api,
			"message",
			({ message }) => message.say === "text" && message.partial === true,
		)
		const resumable = nextEvent(api, "taskResumable")
		await api.startNewTask({ text: "talk" })
		await streaming
		await api.cancelCurrentTask()
		await resumable
		log.dispose()
		assertInOrder(log.names, [
			"taskCreated",
			"taskStarted",
			"message",
			"taskAborted",
			"message",
			"taskPaused",
			"taskResumable",
		])
		assert.ok(!log.names.includes("taskCompleted"))
		assert.deepEqual(await api.getCurrentTaskStack(), [log.taskId])
		assert.equal(await api.isTaskInHistory(log.taskId ?? ""), true)
	})

	test("a listener that throws breaks neither the task nor the other listeners", async () => {
		const server = await model(done("Still finished."))
		await useModel(api, server)
		api.on("message", () => {
			throw new Error("a listener with a bug")
		})
		api.on("taskCompleted", async () => {
			throw new Error("an async listener with a bug")
		})
		let messages = 0
		api.on("message", () => void messages++)
		const completed = nextEvent(api, "taskCompleted")
		await api.startNewTask({ text: "finish" })
		await completed
		assert.ok(messages > 2, `the other listener heard ${messages} messages`)
	})

	test("setConfiguration, then a task uses the new provider settings", async () => {
		const before = await model(done())
		const after = await model(done("From the new model."))
		await useModel(api, before)
		await api.setConfiguration({
			provider: { provider: "openai", modelId: "gpt-4.1-mini", baseUrl: after.openaiBaseURL },
			apiKey: "key-of-the-new-provider",
		})
		assert.equal((await api.getConfiguration()).provider?.modelId, "gpt-4.1-mini")
		const completed = nextEvent(api, "taskCompleted")
		await api.startNewTask({ text: "who answers?" })
		await completed
		assert.equal(chatRequests(before).length, 0)
		const [request] = chatRequests(after)
		assert.equal((request?.body as { model?: string }).model, "gpt-4.1-mini")
		assert.equal(request?.headers.authorization, "Bearer key-of-the-new-provider")
		await assert.rejects(api.setConfiguration({ mdoe: "ask" } as never), /setConfiguration: .*mdoe/)
	})

	test("seed 002's error recovery: a failed tool gets a retry message", async () => {
		const server = await model(
			call("read_file", { path: "no-such-file.txt" }),
			done("Could not read it."),
			done("Tried again."),
		)
		await useModel(api, server)
		// Whether a file exists is only said after its read is approved.
		new ReadOnlyAutoApprover(api)
		const recovery = new TaskErrorRecovery(api)
		let completions = 0
		api.on("taskCompleted", () => void completions++)
		const secondCompletion = nextEvent(api, "taskCompleted", () => completions === 2)
		await api.startNewTask({ text: "read it" })
		await secondCompletion
		assert.deepEqual(
			recovery.failures.map((f) => f.toolName),
			["read_file"],
		)
		// Sent while the agent worked, the message waited for the next ask taking text: the result.
		const retry = JSON.stringify(chatRequests(server)[2]?.body)
		assert.match(
			retry,
			/The read_file tool failed with error: .*no-such-file\.txt does not exist.*Please try again\./,
		)
		assert.deepEqual(recovery.gaveUp, [])
	})
})
