import { mkdir } from "node:fs/promises"
import path from "node:path"
import { startModelServer, type ModelServer, type TurnFunction } from "@cairn/model-server"
import { defaultSettings, type ClineMessage } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { NodeHost } from "../host/node/NodeHost.js"
import { buildProvider } from "../providers/buildProvider.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { coreTools, toolSpecs } from "../tools/registry.js"
import { Task } from "./Task.js"
import { TaskBilling } from "./taskBilling.js"
import type { TaskPersistence } from "./taskPersistence.js"

// A process can be killed while the model answers the task's first request (the subtask crash
// test does it). What reopens then is what was on disk: the task's first message must be there,
// or the task comes back with neither its text nor any history.

/**
 * The slowest disk the task must be safe on: a reported message is written only once the task
 * waits for its writes (the real store's appends finish whenever the thread pool gets to them).
 */
class WritesWhenWaitedFor implements TaskPersistence {
	readonly written: ClineMessage[] = []
	private readonly reported: ClineMessage[] = []

	messageFinal(message: ClineMessage): void {
		this.reported.push(message)
	}

	apiHistoryChanged(): void {}

	flushed(): Promise<void> {
		this.written.push(...this.reported.splice(0))
		return Promise.resolve()
	}
}

let temp: { dir: string; remove(): Promise<void> }
let server: ModelServer
let host: NodeHost

beforeEach(async () => {
	temp = await makeTempDir("cairn-task-start-")
	await mkdir(path.join(temp.dir, "workspace"))
	host = new NodeHost({
		workspaceRoot: path.join(temp.dir, "workspace"),
		storageDir: path.join(temp.dir, "storage"),
		logger: recordingLogger(),
	})
})

afterEach(async () => {
	await host.dispose()
	await server?.close()
	await temp.remove()
})

describe("a task's first request", () => {
	it("goes to the model only once the task's first message is written", async () => {
		const persistence = new WritesWhenWaitedFor()
		const writtenAtFirstRequest: (string | undefined)[][] = []
		const model: TurnFunction = () => {
			writtenAtFirstRequest.push(persistence.written.map((m) => m.text))
			return { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
		}
		server = await startModelServer({ scenario: [model], lifetimeMs: 60_000 })
		const settings = defaultSettings()
		const task = new Task({
			host,
			provider: buildProvider(
				{ provider: "anthropic", modelId: "claude-sonnet-5", baseUrl: server.url },
				"test-key",
			),
			tools: coreTools,
			toolSpecs: toolSpecs(coreTools),
			settings: () => settings,
			mode: "code",
			persistence,
			billing: new TaskBilling(),
		})
		const asked = new Promise<void>((resolve) =>
			task.on("message", ({ message }) => {
				if (message.ask === "completion_result") resolve()
			}),
		)
		const running = task.startTask("Write the parser")
		await asked
		task.abandon()
		await running

		expect(writtenAtFirstRequest).toEqual([["Write the parser"]])
	})
})
