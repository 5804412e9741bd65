import { readFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { Controller } from "../controller/Controller.js"
import { startController } from "../controller/startController.js"
import { NodeHost } from "../host/node/NodeHost.js"
import { ClientMirror, startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
	await agent?.cleanup()
	agent = undefined
})

/** A second agent on the same storage, as a second editor window or CLI run would be. */
async function secondController(storageDir: string, workspace: string): Promise<Controller> {
	const host = new NodeHost({ workspaceRoot: workspace, storageDir })
	const controller = await startController({ host, version: "test" })
	cleanups.push(async () => {
		await controller.dispose()
		await host.dispose()
	})
	return controller
}

describe("one writer per task", () => {
	it("a task running in one agent is refused by another: an error to show, and it is not opened", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [
				{
					toolCalls: [
						{
							name: "ask_followup_question",
							arguments: { question: "Which?", follow_up: [{ text: "A" }] },
						},
					],
				},
			],
		})
		await agent.send({ type: "newTask", text: "ask me" })
		await agent.client.waitForAsk("followup")
		const taskId = agent.controller.currentTask?.taskId ?? ""
		await agent.controller.flush()
		const journal = path.join(agent.controller.host.storageDir, "tasks", taskId, "ui_messages.jsonl")
		const before = await readFile(journal, "utf8")

		const other = await secondController(agent.controller.host.storageDir, agent.workspace)
		const client = new ClientMirror()
		await other.handleWebviewMessage({ type: "showTaskWithId", taskId }, client.receive)
		expect(client.received).toContainEqual({
			type: "error",
			code: "task_locked",
			error: expect.stringMatching(
				`Task ${taskId} is open in another process \\(pid ${process.pid}\\)`,
			),
			inReplyTo: "showTaskWithId",
		})
		expect(other.currentTask).toBeUndefined()
		expect(await readFile(journal, "utf8")).toBe(before)

		// Closed in the first agent, it opens in the second.
		await agent.send({ type: "clearTask" })
		await other.handleWebviewMessage({ type: "showTaskWithId", taskId }, client.receive)
		expect(other.currentTask?.taskId).toBe(taskId)
	})
})
