import type { RecordedRequest } from "@cairn/model-server"
import { access, readFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const done = (result = "Done.") => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })
const chatRequests = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("tasks survive the editor closing", () => {
	it("a finished task is listed after a restart and reopens at resume_completed_task; feedback continues it", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [done("First result."), done("Second result.")],
		})
		await agent.send({ type: "newTask", text: "remember me" })
		await agent.client.waitForAsk("completion_result")
		const taskId = agent.controller.currentTask?.taskId ?? ""
		const before = agent.client.messages
		await agent.restart()
		const listed = agent.controller.listHistory()
		expect(listed.map((item) => [item.id, item.task, item.status])).toEqual([
			[taskId, "remember me", "completed"],
		])
		expect(listed[0]?.tokensIn).toBeGreaterThan(0)

		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		expect(agent.client.messages.slice(0, before.length)).toEqual(before)
		expect(agent.client.controls.primaryButton?.text).toBe("New Task")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "one more thing" })
		await agent.client.waitFor(
			(m) => m.says("completion_result").at(-1)?.text === "Second result.",
			"the second result",
		)
		expect(JSON.stringify(chatRequests(agent)[1]?.body)).toContain("one more thing")
	})

	it("a task interrupted mid-tool reopens at resume_task with a consistent history", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, execute: true }, allowedCommands: ["echo", "sleep"] },
			scenario: [
				{
					text: "Running it.",
					toolCalls: [{ name: "execute_command", arguments: { command: "echo begun; sleep 60" } }],
				},
				done(),
			],
		})
		await agent.send({ type: "newTask", text: "long command" })
		// The output row itself: the command's own row (and its preview while streaming) names "begun" too.
		await agent.client.waitFor(
			(m) =>
				m.messages.at(-1)?.ask === "command_output" &&
				(m.messages.at(-1)?.text ?? "").includes("begun"),
			"command output",
		)
		const taskId = agent.controller.currentTask?.taskId ?? ""
		const history = structuredClone(agent.controller.currentTask?.history.all)
		await agent.restart()
		expect(agent.controller.listHistory()[0]?.status).toBe("aborted")

		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_task")
		expect(agent.controller.currentTask?.history.all).toEqual(history)
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		const resumed = JSON.stringify(chatRequests(agent)[1]?.body)
		expect(resumed).toContain("TASK RESUMPTION")
		expect(resumed).toContain("interrupted")
	})

	it("delete removes the task's folder and its history entry", async () => {
		agent = await startAgent({ provider: "openai", scenario: [done()] })
		await agent.send({ type: "newTask", text: "short-lived" })
		await agent.client.waitForAsk("completion_result")
		const taskId = agent.controller.currentTask?.taskId ?? ""
		await agent.controller.flush()
		const folder = path.join(agent.controller.host.storageDir, "tasks", taskId)
		await access(folder)
		await agent.send({ type: "deleteTaskWithId", taskId })
		expect(agent.controller.listHistory()).toEqual([])
		await expect(access(folder)).rejects.toThrow()
		expect(
			agent.client.received.some(
				(m) => m.type === "taskHistoryUpdated" && m.removedIds.includes(taskId),
			),
		).toBe(true)
	})

	it("an unknown task id is answered with not_found", async () => {
		agent = await startAgent({ provider: "openai" })
		const replies: unknown[] = []
		await agent.controller.handleWebviewMessage({ type: "showTaskWithId", taskId: "no-such-task" }, (m) =>
			replies.push(m),
		)
		expect(replies).toEqual([expect.objectContaining({ type: "error", code: "not_found" })])
	})
})

describe("history across workspaces, search and export", () => {
	it("lists this workspace's tasks or every workspace's, searches by text, and exports markdown", async () => {
		agent = await startAgent({ provider: "openai", scenario: [done("Alpha done."), done("Beta done.")] })
		await agent.send({ type: "newTask", text: "Alpha: refactor the parser" })
		await agent.client.waitForAsk("completion_result")
		const alpha = agent.controller.currentTask?.taskId ?? ""
		await agent.send({ type: "newTask", text: "Beta: write the docs" })
		await agent.client.waitForAsk("completion_result")
		await agent.controller.flush()
		expect(agent.controller.listHistory().map((i) => i.task)).toEqual([
			"Beta: write the docs",
			"Alpha: refactor the parser",
		])
		expect(agent.controller.listHistory({ query: "PARSER" }).map((i) => i.id)).toEqual([alpha])
		expect(agent.controller.listHistory({ allWorkspaces: true })).toHaveLength(2)

		await agent.send({ type: "exportTaskWithId", taskId: alpha })
		const exported = await readFile(
			path.join(agent.controller.host.storageDir, "exports", `cairn-task-${alpha}.md`),
			"utf8",
		)
		expect(exported).toContain("# Alpha: refactor the parser")
		expect(exported).toContain("Alpha done.")
	})
})
