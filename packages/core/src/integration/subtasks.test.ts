import { rename } from "node:fs/promises"
import path from "node:path"
import type { RecordedRequest } from "@cairn/model-server"
import type { ClineMessage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { expectPairedToolUses, toolResultsOf } from "../test-support/anthropicHistory.js"

// Whole stacks against the model server: an Orchestrator parent delegates with new_task, each
// child runs as the task on screen, and whichever way the child ends its parent gets a result.

const complete = (result: string) => ({
	toolCalls: [{ name: "attempt_completion", arguments: { result } }],
})
const delegate = (mode: string, message: string) => ({
	toolCalls: [{ name: "new_task", arguments: { mode, message } }],
})
const orchestrating = {
	mode: "orchestrator",
	autoApproval: { enabled: true, alwaysAllowSubtasks: true },
} as const

const chatRequests = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")
/** The requests of the task whose first message was `text`. */
const requestsOf = (agent: AgentHarness, text: string) =>
	chatRequests(agent).filter((r) => JSON.stringify(r.body).includes(`<task>\\n${text}\\n</task>`))
const rowsOf = (messages: readonly ClineMessage[], say: ClineMessage["say"]) =>
	messages.filter((m) => m.say === say).map((m) => m.text)

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("new_task: the parent waits for its subtask and gets its result", () => {
	it("an orchestrator delegates three subtasks in sequence and receives each result in order", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [
				{
					toolCalls: [
						{
							name: "new_task",
							arguments: {
								mode: "code",
								message: "first job",
								todos: "- [ ] write\n- [ ] test",
							},
						},
					],
				},
				complete("result one"),
				delegate("ask", "second job"),
				complete("result two"),
				delegate("debug", "third job"),
				complete("result three"),
				complete("all three done"),
			],
		})
		await agent.send({ type: "newTask", text: "plan the work" })
		await agent.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "completion_result" && m.says("subtask_result").length === 3,
			"the root's completion after three subtasks",
		)
		const root = agent.controller.currentTask
		expect(root?.messages[0]?.text).toBe("plan the work")
		expect(rowsOf(root?.messages ?? [], "subtask_result")).toEqual([
			"result one",
			"result two",
			"result three",
		])
		// Approved automatically, each delegation shows one row, not a second one for the wait.
		expect(rowsOf(root?.messages ?? [], "tool").filter((t) => t?.includes('"newTask"'))).toHaveLength(3)
		// Each child got exactly its instructions, in its mode, as a task of its own.
		const children = agent.controller.listHistory().filter((item) => item.parentTaskId === root?.taskId)
		expect(children.map((c) => [c.task, c.mode, c.rootTaskId, c.status]).reverse()).toEqual([
			["first job", "code", root?.taskId, "completed"],
			["second job", "ask", root?.taskId, "completed"],
			["third job", "debug", root?.taskId, "completed"],
		])
		expect(requestsOf(agent, "first job")).toHaveLength(1)
		expect(children.at(-1)?.initialTodos).toBe("- [ ] write\n- [ ] test")
		// The checklist the orchestrator passed is the first child's todo list from its first request.
		expect(JSON.stringify(requestsOf(agent, "first job")[0]?.body)).toContain(
			"# Todo list (0/2 done)\\n- [ ] write\\n- [ ] test",
		)
		// The root's history answers each new_task with that child's result, in order.
		const rootRequests = requestsOf(agent, "plan the work")
		expect(rootRequests).toHaveLength(4)
		const last = rootRequests.at(-1)
		expectPairedToolUses(last)
		expect(toolResultsOf(last).map((r) => r.text)).toEqual(["result one", "result two", "result three"])
		// The children did not wait for feedback: only the root asked completion_result.
		expect(agent.client.state.state).not.toBe("running")
		expect(agent.controller.historyItem(root?.taskId ?? "")?.awaitingChild ?? null).toBeNull()
	})

	it("emits seed 002's events in order: paused, spawned, the child's lifecycle, unpaused", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: orchestrating,
			scenario: [delegate("code", "child job"), complete("child result"), complete("parent done")],
		})
		const events: string[] = []
		const on = agent.controller.events
		on.on("taskCreated", (id) => events.push(`created ${id}`))
		on.on("taskStarted", (id) => events.push(`started ${id}`))
		on.on("taskPaused", (id) => events.push(`paused ${id}`))
		on.on("taskUnpaused", (id) => events.push(`unpaused ${id}`))
		on.on("taskSpawned", (parent, child) => events.push(`spawned ${parent} ${child}`))
		on.on("taskCompleted", (id) => events.push(`completed ${id}`))
		await agent.send({ type: "newTask", text: "delegate it" })
		await agent.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "completion_result" && m.says("subtask_result").length === 1,
			"the parent's completion",
		)
		const parent = agent.controller.currentTask?.taskId ?? ""
		const child = agent.controller.listHistory().find((i) => i.parentTaskId === parent)?.id ?? ""
		const spawned = events.indexOf(`spawned ${parent} ${child}`)
		expect(spawned).toBeGreaterThan(0)
		expect(events.slice(spawned - 1, spawned + 3)).toEqual([
			`paused ${parent}`,
			`spawned ${parent} ${child}`,
			`created ${child}`,
			`started ${child}`,
		])
		const childCompleted = events.indexOf(`completed ${child}`)
		expect(events.slice(childCompleted, childCompleted + 2)).toEqual([
			`completed ${child}`,
			`unpaused ${parent}`,
		])
		expect(events.indexOf(`completed ${parent}`)).toBeGreaterThan(childCompleted)
	})

	it("shows the child as the task on screen, with the stack, and the parent again after it", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: { ...orchestrating, autoApproval: { enabled: false } },
			scenario: [delegate("code", "child job"), complete("child result"), complete("parent done")],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		await agent.client.waitForAsk("tool")
		expect(JSON.parse(agent.client.messages.at(-1)?.text ?? "{}")).toEqual({
			tool: "newTask",
			mode: "code",
			content: "child job",
		})
		const parent = agent.client.taskId
		await agent.press("primary")
		await agent.client.waitFor((m) => m.taskId !== parent, "the child on screen")
		const onScreen = agent.client.received.findLast((m) => m.type === "state")
		const state = onScreen?.type === "state" ? onScreen.state : undefined
		expect(state?.taskStack).toEqual([parent, agent.client.taskId])
		expect(state?.currentTaskItem?.parentTaskId).toBe(parent)
		expect(state?.mode).toBe("code")
		expect(agent.client.received).toContainEqual({ type: "modeChanged", mode: "code" })
		await agent.client.waitFor((m) => m.taskId === parent, "the parent on screen again")
		await agent.client.waitForAsk("completion_result")
		expect(agent.controller.settingsStore.settings.mode).toBe("orchestrator")
		// Approved by the person, the parent waits under a row saying it started the subtask: its
		// answered question is not its last row, which would offer Approve again.
		const rows = agent.client.messages
		const asked = rows.findIndex((m) => m.type === "ask" && m.ask === "tool")
		expect(rows[asked + 1]).toMatchObject({ type: "say", say: "tool" })
		expect(JSON.parse(rows[asked + 1]?.text ?? "{}")).toEqual({
			tool: "newTask",
			mode: "code",
			content: "child job",
		})
	})

	it("the chat's mode follows the task on screen: the waiting parent's, then the subtask's again", async () => {
		agent = await startAgent({
			provider: "openai",
			settings: orchestrating,
			scenario: [
				delegate("ask", "child job"),
				{
					toolCalls: [
						{
							name: "ask_followup_question",
							arguments: { question: "Which?", follow_up: [{ text: "A" }] },
						},
					],
				},
				complete("child result"),
				complete("parent done"),
			],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		const parent = agent.client.taskId ?? ""
		await agent.client.waitForAsk("followup")
		const child = agent.client.taskId ?? ""
		expect(agent.controller.settingsStore.settings.mode).toBe("ask")
		await agent.send({ type: "showTaskWithId", taskId: parent })
		await agent.client.waitFor((m) => m.taskId === parent, "the waiting parent on screen")
		expect(agent.controller.settingsStore.settings.mode).toBe("orchestrator")
		const shown = agent.client.received.findLast((m) => m.type === "state")
		expect(shown).toMatchObject({ type: "state", state: { mode: "orchestrator" } })
		await agent.send({ type: "showTaskWithId", taskId: child })
		await agent.client.waitForAsk("followup")
		expect(agent.controller.settingsStore.settings.mode).toBe("ask")
	})

	it("nests: a subtask that delegates waits for its own subtask, and the stack has all three", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [
				delegate("orchestrator", "middle job"),
				delegate("code", "leaf job"),
				complete("leaf result"),
				complete("middle result"),
				complete("root done"),
			],
		})
		const stacks: string[][] = []
		agent.controller.attach((m) => {
			if (m.type === "state" && m.state.taskStack.length > 0) stacks.push(m.state.taskStack)
		})
		await agent.send({ type: "newTask", text: "delegate twice" })
		const root = agent.client.taskId ?? ""
		await agent.client.waitFor(
			(m) => m.taskId === root && m.messages.at(-1)?.ask === "completion_result",
			"the root's completion",
		)
		const middle = agent.controller.listHistory().find((i) => i.task === "middle job")
		const leaf = agent.controller.listHistory().find((i) => i.task === "leaf job")
		expect(leaf?.parentTaskId).toBe(middle?.id)
		expect(leaf?.rootTaskId).toBe(root)
		expect(stacks).toContainEqual([root, middle?.id, leaf?.id])
		expect(rowsOf(agent.client.messages, "subtask_result")).toEqual(["middle result"])
		expect(toolResultsOf(requestsOf(agent, "middle job").at(-1))).toEqual([
			{ text: "leaf result", isError: false },
		])
	})

	it("a middle subtask deleted while its own subtask runs: the root is told, goes on, and the leaf stops", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [
				delegate("orchestrator", "middle job"),
				delegate("code", "leaf job"),
				{
					text: "Working on the leaf, slowly and word by word",
					textChunks: 30,
					stallAfterChunks: 20,
				},
				complete("root done"),
			],
		})
		await agent.send({ type: "newTask", text: "delegate twice" })
		const root = agent.client.taskId ?? ""
		await agent.client.waitFor(
			(m) => m.messages.some((x) => x.say === "text" && x.partial),
			"the leaf streaming",
		)
		const middle = agent.controller.listHistory().find((i) => i.task === "middle job")?.id ?? ""
		await agent.send({ type: "deleteTaskWithId", taskId: middle })
		await agent.client.waitFor((m) => m.taskId === root, "the root on screen again")
		await agent.client.waitForAsk("completion_result")
		expect(rowsOf(agent.client.messages, "subtask_result")).toEqual([expect.stringMatching(/deleted/)])
		const leaf = agent.controller.listHistory().find((i) => i.task === "leaf job")
		expect(leaf?.status).not.toBe("completed")
		expect(agent.controller.currentTaskStack()).toEqual([root])
	})

	it("skips the calls that follow new_task in the same message with an error", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [
				{
					toolCalls: [
						{ name: "new_task", arguments: { mode: "code", message: "child job" } },
						{ name: "attempt_completion", arguments: { result: "too early" } },
					],
				},
				complete("child result"),
				complete("parent done"),
			],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		await agent.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "completion_result" && m.says("subtask_result").length === 1,
			"the parent's completion",
		)
		const results = toolResultsOf(requestsOf(agent, "delegate it").at(-1))
		expect(results.map((r) => [r.text.slice(0, 12), r.isError])).toEqual([
			["child result", false],
			[expect.stringContaining("") as string, true],
		])
		expect(results[1]?.text).toMatch(/new_task must be the last tool call/)
		expect(rowsOf(agent.client.messages, "completion_result")).toEqual(["parent done"])
	})

	it("rejected, nothing is started and the model is told", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "orchestrator" },
			scenario: [delegate("code", "child job"), complete("understood")],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		await agent.client.waitForAsk("tool")
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result")
		const [result] = toolResultsOf(requestsOf(agent, "delegate it").at(-1))
		expect(result?.isError).toBe(true)
		expect(result?.text).toMatch(/The user denied the subtask in code mode/)
		expect(agent.controller.listHistory()).toHaveLength(1)
	})

	it("an unknown mode is an error listing the modes; nothing is started", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [delegate("poet", "write a poem"), complete("gave up")],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		await agent.client.waitForAsk("completion_result")
		const [result] = toolResultsOf(requestsOf(agent, "delegate it").at(-1))
		expect(result?.isError).toBe(true)
		expect(result?.text).toMatch(
			/There is no mode "poet". The modes are: code, architect, ask, debug, orchestrator/,
		)
		expect(agent.controller.listHistory()).toHaveLength(1)
	})
})

describe("a subtask that does not complete still returns to its parent", () => {
	// The child streams part of its answer, then waits (however busy the machine) until it is stopped.
	const slowChild = { text: "Working on it, slowly and word by word", textChunks: 30, stallAfterChunks: 20 }

	async function startWithChildStreaming(): Promise<{ agent: AgentHarness; parent: string | undefined }> {
		const started = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [delegate("code", "child job"), slowChild, complete("parent went on")],
		})
		await started.send({ type: "newTask", text: "delegate it" })
		const parent = started.client.taskId
		await started.client.waitFor(
			(m) =>
				m.taskId !== parent &&
				m.messages.some((x) => x.say === "text" && x.partial && (x.text ?? "").length > 5),
			"the child streaming",
		)
		return { agent: started, parent }
	}

	async function expectParentTold(parent: string | undefined, note: RegExp): Promise<void> {
		if (agent === undefined) throw new Error("no agent")
		await agent.client.waitFor((m) => m.taskId === parent, "the parent on screen again")
		await agent.client.waitForAsk("completion_result")
		expect(rowsOf(agent.client.messages, "subtask_result")).toEqual([expect.stringMatching(note)])
		const last = requestsOf(agent, "delegate it").at(-1)
		expectPairedToolUses(last)
		const [result] = toolResultsOf(last)
		expect(result?.isError).toBe(true)
		expect(result?.text).toMatch(note)
	}

	it("cancelled, then Return to parent (no at resume_task): the parent gets a cancellation result", async () => {
		;({ agent, parent: parentId } = await startWithChildStreaming())
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		await agent.send({ type: "askResponse", askResponse: "noButtonClicked" })
		await expectParentTold(parentId, /cancelled by the user/)
	})

	it("cancelled, then resumed: the child goes on and its result reaches the parent", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [
				delegate("code", "child job"),
				slowChild,
				complete("child finished after all"),
				complete("parent went on"),
			],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		const parent = agent.client.taskId
		await agent.client.waitFor(
			(m) => m.taskId !== parent && m.messages.some((x) => x.say === "text" && x.partial),
			"the child streaming",
		)
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		await agent.press("primary")
		await agent.client.waitFor((m) => m.taskId === parent, "the parent on screen again")
		await agent.client.waitForAsk("completion_result")
		expect(rowsOf(agent.client.messages, "subtask_result")).toEqual(["child finished after all"])
	})

	it("clearTask on the child (Terminate, New Task) returns to the parent, which goes on", async () => {
		;({ agent, parent: parentId } = await startWithChildStreaming())
		await agent.send({ type: "clearTask" })
		await expectParentTold(parentId, /cancelled by the user/)
	})

	it("deleting the child returns to the parent", async () => {
		;({ agent, parent: parentId } = await startWithChildStreaming())
		const child = agent.client.taskId ?? ""
		await agent.send({ type: "deleteTaskWithId", taskId: child })
		await expectParentTold(parentId, /deleted/)
		expect(agent.controller.historyItem(child)).toBeUndefined()
	})

	it("cancelling the waiting parent cancels the child; both offer to resume, the child first", async () => {
		;({ agent, parent: parentId } = await startWithChildStreaming())
		const child = agent.client.taskId ?? ""
		await agent.send({ type: "showTaskWithId", taskId: parentId ?? "" })
		expect(agent.client.taskId).toBe(parentId)
		await agent.send({ type: "cancelTask" })
		await agent.send({ type: "showTaskWithId", taskId: child })
		await agent.client.waitForAsk("resume_task")
		await agent.send({ type: "askResponse", askResponse: "noButtonClicked" })
		await agent.client.waitFor((m) => m.taskId === parentId, "the parent on screen again")
		await agent.client.waitForAsk("resume_task")
		await agent.press("primary")
		await expectParentTold(parentId, /cancelled by the user/)
	})

	it("a subtask rewound (its first message edited) runs again and still returns to its parent", async () => {
		const question = {
			toolCalls: [
				{
					name: "ask_followup_question",
					arguments: { question: "Which?", follow_up: [{ text: "A" }] },
				},
			],
		}
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [
				delegate("code", "child job"),
				question,
				complete("edited child done"),
				complete("parent done"),
			],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		parentId = agent.client.taskId
		await agent.client.waitFor(
			(m) => m.taskId !== parentId && m.messages.at(-1)?.ask === "followup",
			"the child's question",
		)
		const child = agent.client.taskId
		const first = agent.client.messages[0]
		await agent.send({
			type: "editMessage",
			ts: first?.ts ?? 0,
			text: "child job, edited",
			restoreFiles: false,
		})
		await agent.client.waitFor((m) => m.taskId === parentId, "the parent on screen again")
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.says("subtask_result").map((m) => m.text)).toEqual(["edited child done"])
		expect(requestsOf(agent, "child job, edited")).toHaveLength(1)
		expect(agent.controller.historyItem(child ?? "")?.parentTaskId).toBe(parentId)
	})

	it("stopped because it cannot be saved: the parent is told why and goes on", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [
				delegate("code", "child job"),
				{
					text: "Working on it, slowly and word by word",
					textChunks: 30,
					chunkDelayMs: 50,
					toolCalls: [
						{
							name: "ask_followup_question",
							arguments: { question: "Which?", follow_up: [{ text: "A" }] },
						},
					],
				},
				complete("parent went on"),
			],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		parentId = agent.client.taskId
		await agent.client.waitFor(
			(m) => m.taskId !== parentId && m.messages.some((x) => x.say === "text" && x.partial),
			"the child streaming",
		)
		const child = agent.client.taskId ?? ""
		// The child's folder goes away under it: its next metadata save (the request's cost) fails.
		const tasks = path.join(agent.controller.host.storageDir, "tasks")
		await rename(path.join(tasks, child), path.join(tasks, `${child}-moved`))
		await expectParentTold(parentId, /stopped before it finished: Cairn could not save/)
	})
})

describe("a stack stopped by a restart", () => {
	it("reopening the parent resumes the subtask first, then the parent with its result", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: orchestrating,
			scenario: [
				delegate("code", "child job"),
				{ text: "Working on it, slowly and word by word", textChunks: 30, stallAfterChunks: 20 },
				complete("child finished after the restart"),
				complete("parent done"),
			],
		})
		await agent.send({ type: "newTask", text: "delegate it" })
		const parent = agent.client.taskId ?? ""
		await agent.client.waitFor(
			(m) => m.taskId !== parent && m.messages.some((x) => x.say === "text" && x.partial),
			"the child streaming",
		)
		const child = agent.client.taskId
		await agent.restart()
		expect(agent.controller.historyItem(parent)?.awaitingChild?.taskId).toBe(child)
		await agent.send({ type: "showTaskWithId", taskId: parent })
		expect(agent.client.taskId).toBe(child)
		await agent.client.waitForAsk("resume_task")
		await agent.press("primary")
		await agent.client.waitFor((m) => m.taskId === parent, "the parent on screen again")
		await agent.client.waitForAsk("completion_result")
		expect(rowsOf(agent.client.messages, "subtask_result")).toEqual(["child finished after the restart"])
		const last = requestsOf(agent, "delegate it").at(-1)
		expectPairedToolUses(last)
		expect(toolResultsOf(last)).toEqual([{ text: "child finished after the restart", isError: false }])
	})
})

let parentId: string | undefined
