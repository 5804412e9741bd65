import { mkdir } from "node:fs/promises"
import path from "node:path"
import {
	lastToolResult,
	startModelServer,
	type RecordedRequest,
	type ScriptedTurn,
} from "@cairn/model-server"
import {
	clineSayToolSchema,
	currentTodos,
	defaultSettings,
	safeParseJson,
	type ClineMessage,
} from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { NodeHost } from "../host/node/NodeHost.js"
import { buildProvider } from "../providers/buildProvider.js"
import { Task } from "../task/Task.js"
import { TaskBilling } from "../task/taskBilling.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { coreTools, toolSpecs } from "../tools/registry.js"

// Issue 17, the todo list: the model keeps a checklist with update_todo_list, the person sees
// and edits it, and every request's environment details carry the list as it now stands.

const call = (name: string, args: Record<string, unknown>): ScriptedTurn => ({
	toolCalls: [{ name, arguments: args }],
})
const updateTodos = (todos: string) => call("update_todo_list", { todos })
const done = (result = "Done.") => call("attempt_completion", { result })

const chatRequests = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")

/** The environment details the request ended with: those of the turn it sends. */
function environmentDetails(request: RecordedRequest | undefined): string {
	const body = JSON.stringify(request?.body ?? {})
	const last = [...body.matchAll(/<environment_details>(.*?)<\/environment_details>/g)].at(-1)
	if (last?.[1] === undefined) throw new Error("the request carries no environment details")
	return JSON.parse(`"${last[1]}"`) as string
}

/** Each todo row as "say: id status content; ...", in order. */
function todoRows(messages: readonly ClineMessage[]): string[] {
	return messages.flatMap((m) => {
		if (m.type !== "say" || (m.say !== "tool" && m.say !== "user_edit_todos")) return []
		const row = safeParseJson(clineSayToolSchema, m.text)
		if (!row.success || row.data.tool !== "updateTodoList") return []
		return [`${m.say}: ${row.data.todos.map((t) => `${t.id} ${t.status} ${t.content}`).join("; ")}`]
	})
}

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("the todo list", () => {
	it("is kept by the model, edited by the person, sent with every request, and reopened after a restart", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				updateTodos("- [-] Read the failing test\n- [ ] Fix the parser"),
				updateTodos("- [x] Read the failing test\n- [-] Fix the parser"),
				done("Fixed."),
				done("Tested."),
			],
		})
		await agent.send({ type: "newTask", text: "fix the parser" })
		await agent.client.waitForAsk("completion_result")

		// Two rows, no approval asked, the same ids both times.
		expect(todoRows(agent.client.messages)).toEqual([
			"tool: todo-1 in_progress Read the failing test; todo-2 pending Fix the parser",
			"tool: todo-1 completed Read the failing test; todo-2 in_progress Fix the parser",
		])
		expect(agent.client.messages.some((m) => m.type === "ask" && m.ask === "tool")).toBe(false)
		const requests = chatRequests(agent)
		expect(environmentDetails(requests[0])).not.toContain("# Todo list")
		expect(environmentDetails(requests[2])).toContain(
			"# Todo list (1/2 done)\n- [x] Read the failing test\n- [-] Fix the parser\n",
		)

		// The person edits the list while the task waits at its result: the result still waits.
		await agent.send({
			type: "updateTodoList",
			todos: [
				{ id: "todo-1", content: "Read the failing test", status: "completed" },
				{ id: "todo-2", content: "Fix the parser", status: "completed" },
				{ content: "Add a test for leap years", status: "in_progress" },
			],
		})
		await agent.client.waitFor((m) => m.says("user_edit_todos").length === 1, "the person's edit")
		expect(agent.client.state.currentAsk).toBe("completion_result")
		expect(agent.client.controls.primaryButton?.text).toBe("New Task")
		const list = currentTodos(agent.client.messages)?.todos
		expect(list?.map((t) => t.id)).toEqual(["todo-1", "todo-2", "todo-3"])

		// Reopened from disk, the task has the person's list, and the model's next request gets it.
		const taskId = agent.controller.currentTask?.taskId ?? ""
		await agent.restart()
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		expect(currentTodos(agent.client.messages)).toMatchObject({ by: "person", todos: list })
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "and test it" })
		await agent.client.waitFor(
			(m) => m.says("completion_result").at(-1)?.text === "Tested.",
			"the result after the restart",
		)
		const afterEdit = environmentDetails(chatRequests(agent)[3])
		expect(afterEdit).toContain(
			"# Todo list (2/3 done)\nThe user edited this list since your last request: work from it as it is now.\n",
		)
		expect(afterEdit).toContain("- [-] Add a test for leap years")
	})

	it("goes back to the list as it was when the task is rewound to before a later message", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				updateTodos("- [-] Plan"),
				done("Planned."),
				updateTodos("- [x] Plan\n- [-] Build"),
				done("Built."),
			],
		})
		await agent.send({ type: "newTask", text: "plan, then build" })
		await agent.client.waitForAsk("completion_result")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "now build it" })
		await agent.client.waitFor((m) => todoRows(m.messages).length === 2, "the second list")
		await agent.client.waitForAsk("completion_result")
		const feedback = agent.client.says("user_feedback").find((m) => m.text === "now build it")!
		await agent.send({ type: "deleteMessage", ts: feedback.ts, restoreFiles: false })
		await agent.client.waitForAsk("resume_completed_task")
		expect(todoRows(agent.client.messages)).toEqual(["tool: todo-1 in_progress Plan"])
	})

	it("answers a malformed list with an error naming the line, and keeps the last good list", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [
				updateTodos("- [ ] Plan"),
				updateTodos("- [x] Plan\nThen build it"),
				({ request }) => done(lastToolResult(request)),
			],
		})
		await agent.send({ type: "newTask", text: "plan and build" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.says("completion_result").at(-1)?.text).toMatch(
			/^Error: The todo list was not updated\. Line 2 \("Then build it"\) is not a checklist item/,
		)
		expect(todoRows(agent.client.messages)).toEqual(["tool: todo-1 pending Plan"])
		expect(environmentDetails(chatRequests(agent)[2])).toContain("- [ ] Plan")
	})

	it("cannot be edited without a task, and says so", async () => {
		agent = await startAgent({ provider: "anthropic" })
		const replies: unknown[] = []
		await agent.controller.handleWebviewMessage(
			{ type: "updateTodoList", todos: [{ content: "a", status: "pending" }] },
			(m) => replies.push(m),
		)
		expect(replies).toEqual([
			expect.objectContaining({
				type: "error",
				inReplyTo: "updateTodoList",
				error: expect.stringMatching(/no task/),
			}),
		])
	})

	it("starts a task with the list handed to it (a parent's, for a subtask), shown at its first request", async () => {
		const temp = await makeTempDir("cairn-todos-")
		const server = await startModelServer({ scenario: [done("Child done.")], lifetimeMs: 60_000 })
		const workspace = path.join(temp.dir, "workspace")
		await mkdir(workspace)
		const host = new NodeHost({
			workspaceRoot: workspace,
			storageDir: path.join(temp.dir, "storage"),
			logger: recordingLogger(),
		})
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
			billing: new TaskBilling(),
		})
		const asked = new Promise<void>((resolve) =>
			task.on("message", ({ message }) => {
				if (message.ask === "completion_result") resolve()
			}),
		)
		try {
			const running = task.startTask("Write the parser", [], {
				todos: "- [-] Write the parser\n- [ ] Test it",
			})
			await asked
			task.abandon()
			await running
			expect(todoRows(task.messages)).toEqual([
				"tool: todo-1 in_progress Write the parser; todo-2 pending Test it",
			])
			expect(task.messages.findIndex((m) => m.say === "tool")).toBe(1)
			const first = server.requests.find((r) => r.route === "chat")
			expect(environmentDetails(first)).toContain(
				"# Todo list (0/2 done)\n- [-] Write the parser\n- [ ] Test it",
			)
		} finally {
			await host.dispose()
			await server.close()
			await temp.remove()
		}
	})
})
