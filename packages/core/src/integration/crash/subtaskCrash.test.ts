import type { ChildProcess } from "node:child_process"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { startModelServer, type ModelServer, type TurnFunction } from "@cairn/model-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectPairedToolUses, toolResultsOf } from "../../test-support/anthropicHistory.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { bundleChild } from "./bundleChild.js"
import { onChildLines } from "./childLines.js"
import { reopenAgent } from "./reopenAgent.js"
import { spawnChild } from "./spawnChild.js"

// SIGKILL while an Orchestrator's second subtask runs, then reopen the stack in another
// process: the subtask resumes first, its result reaches the parent's waiting new_task call,
// the third subtask runs, and the parent completes with every tool_use answered in order.

const rootTask = "Build it in three steps."
const jobs = ["first job", "second job", "third job"]
const isTask = (body: string, text: string) => body.includes(`<task>\\n${text}\\n</task>`)

let running: ChildProcess | undefined
const model: TurnFunction = ({ request }) => {
	const body = JSON.stringify(request.body)
	if (isTask(body, rootTask)) {
		const answered = toolResultsOf(request).length
		const job = jobs[answered]
		return job === undefined
			? { toolCalls: [{ name: "attempt_completion", arguments: { result: "All three done." } }] }
			: { toolCalls: [{ name: "new_task", arguments: { mode: "code", message: job } }] }
	}
	const index = jobs.findIndex((job) => isTask(body, job))
	// The second subtask's first request: the process dies while the model answers it.
	if (index === 1 && !body.includes("TASK RESUMPTION")) {
		running?.kill("SIGKILL")
		return { text: "Working on the second job, slowly", textChunks: 20, chunkDelayMs: 100 }
	}
	return { toolCalls: [{ name: "attempt_completion", arguments: { result: `result ${index + 1}` } }] }
}

let server: ModelServer
let temp: { dir: string; remove(): Promise<void> }
let childBundle: string

beforeAll(async () => {
	childBundle = await bundleChild("subtaskChild.ts", "subtask-child")
	server = await startModelServer({
		scenario: Array.from({ length: 50 }, () => model),
		lifetimeMs: 170_000,
	})
	temp = await makeTempDir("cairn-subtask-crash-")
}, 60_000)

afterAll(async () => {
	await server?.close()
	await temp?.remove()
})

/** Runs the child until the model kills it in the second subtask; returns the root's id. */
function runUntilSecondSubtask(workspace: string, storage: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawnChild(childBundle, { workspace, storage, baseUrl: server.url })
		running = child
		let rootId: string | undefined
		onChildLines(child, (line) => {
			if (line.startsWith("started ")) rootId = line.slice("started ".length)
		})
		child.on("exit", (_code, signal) => {
			if (signal === "SIGKILL" && rootId !== undefined) resolve(rootId)
			else reject(new Error(`the child ended without being killed (signal ${String(signal)})`))
		})
	})
}

describe("a task stack killed with SIGKILL in its second subtask", () => {
	it("reopens at the subtask, returns its result to the parent and completes the stack", async () => {
		const workspace = path.join(temp.dir, "workspace")
		const storage = path.join(temp.dir, "storage")
		await mkdir(workspace, { recursive: true })
		const rootId = await runUntilSecondSubtask(workspace, storage)

		const { host, controller, client } = await reopenAgent(workspace, storage)
		try {
			const second = controller.listHistory().find((item) => item.task === "second job")
			expect(second?.parentTaskId).toBe(rootId)
			expect(controller.historyItem(rootId)?.awaitingChild?.taskId).toBe(second?.id)
			// Opening the root opens the subtask it waits for.
			expect(await controller.showTask(rootId)).toBe(true)
			expect(client.taskId).toBe(second?.id)
			await client.waitForAsk("resume_task", 30_000)
			await controller.handleWebviewMessage(
				{ type: "askResponse", askResponse: "yesButtonClicked" },
				client.receive,
			)
			await client.waitFor(
				(m) => m.taskId === rootId && m.messages.at(-1)?.ask === "completion_result",
				"the root's completion",
				60_000,
			)
			const rootRequests = server.requests.filter(
				(r) => r.route === "chat" && isTask(JSON.stringify(r.body), rootTask),
			)
			const last = rootRequests.at(-1)
			expectPairedToolUses(last)
			expect(toolResultsOf(last)).toEqual([
				{ text: "result 1", isError: false },
				{ text: "result 2", isError: false },
				{ text: "result 3", isError: false },
			])
			expect(client.says("subtask_result").map((m) => m.text)).toEqual([
				"result 1",
				"result 2",
				"result 3",
			])
			await controller.flush()
			const children = controller.listHistory().filter((item) => item.parentTaskId === rootId)
			expect(children.map((c) => [c.task, c.status]).sort()).toEqual(
				jobs.map((job) => [job, "completed"]),
			)
			expect(controller.historyItem(rootId)?.awaitingChild ?? null).toBeNull()
		} finally {
			await controller.dispose()
			await host.dispose()
		}
	}, 150_000)
})
