import type { ScriptedTurn } from "@cairn/model-server"
import { messagePageSize, type ExtensionMessage, type ExtensionMessageOf } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 20, opening a long task at once: the snapshot carries the newest page and a summary of
// the whole task; older pages and searches are answered by the host from the task it holds.

const steps = 80
const readTurn = (i: number): ScriptedTurn => ({
	text: `Step ${i} reads the notes.`,
	toolCalls: [{ name: "read_file", arguments: { path: "notes.txt" } }],
})
const done: ScriptedTurn = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

function lastOf<T extends ExtensionMessage["type"]>(agent: AgentHarness, type: T): ExtensionMessageOf<T> {
	const found = agent.client.received.findLast((m) => m.type === type)
	if (found === undefined) throw new Error(`no ${type} was received`)
	return found as ExtensionMessageOf<T>
}

async function longTask(): Promise<{ agent: AgentHarness; taskId: string }> {
	const started = await startAgent({
		provider: "anthropic",
		files: { "notes.txt": "remember the milk\n" },
		settings: { autoApproval: { enabled: true, readOnly: true } },
		scenario: [...Array.from({ length: steps }, (_, i) => readTurn(i)), done],
	})
	await started.send({ type: "newTask", text: "Read the notes many times" })
	await started.client.waitForAsk("completion_result", 60_000)
	return { agent: started, taskId: started.controller.currentTask?.taskId ?? "" }
}

describe("a task longer than a page", () => {
	it("opens with its newest page and the whole task's totals, and pages back to its start", async () => {
		const opened = await longTask()
		agent = opened.agent
		const all = agent.controller.currentTask?.messages ?? []
		expect(all.length).toBeGreaterThan(messagePageSize)

		await agent.send({ type: "requestState" })
		const { state } = lastOf(agent, "state")
		expect(state.clineMessages).toEqual(all.slice(-messagePageSize))
		expect(state.olderMessages).toBe(all.length - messagePageSize)
		expect(state.summary.totals.requests).toBe(steps + 1)
		expect(state.summary.taskText).toBe("Read the notes many times")

		const pages = [state.clineMessages]
		let older = state.olderMessages
		while (older > 0) {
			const ts = pages[0]?.[0]?.ts ?? 0
			await agent.send({
				type: "requestMessagePage",
				taskId: opened.taskId,
				anchor: { kind: "before", ts },
			})
			const page = lastOf(agent, "messagePage")
			expect(page.taskId).toBe(opened.taskId)
			expect(page.newerMessages).toBe(all.length - page.olderMessages - page.messages.length)
			pages.unshift(page.messages)
			older = page.olderMessages
		}
		expect(pages.flat()).toEqual(all)
	})

	it("finds text anywhere in the task, oldest first, with a snippet", async () => {
		const opened = await longTask()
		agent = opened.agent
		await agent.send({
			type: "searchTaskMessages",
			taskId: opened.taskId,
			requestId: 1,
			query: "STEP 3 reads",
		})
		const answer = lastOf(agent, "taskSearchResults")
		expect(answer).toMatchObject({ taskId: opened.taskId, requestId: 1, truncated: false })
		expect(answer.results.map((r) => r.snippet)).toEqual(["Step 3 reads the notes."])
		const row = agent.controller.currentTask?.messages.find((m) => m.ts === answer.results[0]?.ts)
		expect(row?.text).toBe("Step 3 reads the notes.")

		await agent.send({
			type: "searchTaskMessages",
			taskId: opened.taskId,
			requestId: 2,
			query: "reads the",
		})
		const many = lastOf(agent, "taskSearchResults")
		expect(many.results.length).toBe(steps)
		expect(many.results.map((r) => r.ts)).toEqual(
			[...many.results.map((r) => r.ts)].sort((a, b) => a - b),
		)
	})
})

describe("page and search requests", () => {
	it("answer about a task the person has left from what is saved, marked with its id", async () => {
		agent = await startAgent({ provider: "anthropic", scenario: [done, done] })
		await agent.send({ type: "newTask", text: "first task" })
		await agent.client.waitForAsk("completion_result")
		const first = agent.controller.currentTask?.taskId ?? ""
		await agent.controller.flush()
		await agent.send({ type: "newTask", text: "second task" })
		await agent.client.waitForAsk("completion_result")

		await agent.send({
			type: "requestMessagePage",
			taskId: first,
			anchor: { kind: "around", ts: Number.MAX_SAFE_INTEGER },
		})
		const page = lastOf(agent, "messagePage")
		expect(page.taskId).toBe(first)
		expect(page.messages[0]?.text).toBe("first task")
	})

	it("about a task that does not exist, or with an empty query, get an error, not a throw", async () => {
		agent = await startAgent({ provider: "anthropic", scenario: [] })
		await agent.send({
			type: "requestMessagePage",
			taskId: "no-such-task",
			anchor: { kind: "before", ts: 5 },
		})
		expect(lastOf(agent, "error")).toMatchObject({ code: "not_found", inReplyTo: "requestMessagePage" })
		await agent.send({ type: "searchTaskMessages", taskId: "no-such-task", requestId: 1, query: "x" })
		expect(lastOf(agent, "error")).toMatchObject({ code: "not_found", inReplyTo: "searchTaskMessages" })
		await agent.send({ type: "searchTaskMessages", taskId: "no-such-task", requestId: 2, query: "  " })
		expect(lastOf(agent, "error")).toMatchObject({ code: "invalid_message" })
		expect(lastOf(agent, "error").error).toContain("type something to search for")
	})
})
