import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { BoardMirror } from "../test-support/boardMirror.js"

// Several tasks at once in one Controller, started and answered from the board, against the
// scripted model server. Each request is made only after the test saw the one before answered
// (a task waits on an approval, or is done), so which task gets which scripted turn never
// depends on timing.

const write = (path: string) => ({
	toolCalls: [{ name: "write_to_file", arguments: { path, content: `${path}\n` } }],
})
const complete = (result: string) => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("the room: several tasks at once", () => {
	it("runs two at a time with the limit 2, queues the third, and each completes its own work", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { maxConcurrentTasks: 2 },
			scenario: [
				write("a.txt"),
				write("b.txt"),
				complete("A done"),
				complete("C done"),
				complete("B done"),
			],
		})
		const board = new BoardMirror()
		agent.controller.attach(board.receive)
		const send = (message: Parameters<AgentHarness["send"]>[0]) =>
			agent?.controller.handleWebviewMessage(message, board.receive)
		const start = (text: string) => send({ type: "startBoardTask", text, place: { kind: "inPlace" } })

		await start("task A")
		await board.waitForState("task A", "waiting")
		await start("task B")
		await board.waitForState("task B", "waiting")
		// Two tasks in place at once share the workspace's files: the second start is told so.
		expect(board.received).toContainEqual(
			expect.objectContaining({ type: "error", error: expect.stringContaining("share its files") }),
		)
		await start("task C")
		await board.waitForState("task C", "queued")
		expect(agent.server.requests.filter((r) => r.route === "chat")).toHaveLength(2)
		// The chat shows none of them: board starts leave it alone.
		expect(agent.controller.currentTask).toBeUndefined()

		const a = board.card(board.idOf("task A"))
		expect(a.waitingOn?.ask).toBe("tool")
		await send({
			type: "answerCard",
			taskId: a.taskId,
			ts: a.waitingOn?.ts ?? 0,
			askResponse: "yesButtonClicked",
		})
		await board.waitForState("task A", "done")
		// A finished, so its place went to C, which completes on its own turn.
		await board.waitForState("task C", "done")
		expect(board.card(board.idOf("task B")).state).toBe("waiting")

		// A second click on A's (answered) approval answers nothing and says so.
		await send({
			type: "answerCard",
			taskId: a.taskId,
			ts: a.waitingOn?.ts ?? 0,
			askResponse: "yesButtonClicked",
		})
		expect(board.received.at(-1)).toMatchObject({
			type: "error",
			inReplyTo: "answerCard",
			error: expect.stringContaining("already answered"),
		})

		const b = board.card(board.idOf("task B"))
		await send({
			type: "answerCard",
			taskId: b.taskId,
			ts: b.waitingOn?.ts ?? 0,
			askResponse: "yesButtonClicked",
		})
		await board.waitForState("task B", "done")
		expect(await agent.read("a.txt")).toBe("a.txt\n")
		expect(await agent.read("b.txt")).toBe("b.txt\n")

		await send({ type: "requestTaskBoard" })
		const answer = board.received.findLast((m) => m.type === "taskBoard")
		expect(answer).toMatchObject({ type: "taskBoard", running: 0, limit: 2 })
		const cards = answer?.type === "taskBoard" ? answer.cards : []
		expect(cards.map((c) => [c.title, c.state]).sort()).toEqual([
			["task A", "done"],
			["task B", "done"],
			["task C", "done"],
		])
		expect(
			cards.every((c) => c.modelId === "claude-sonnet-5" && c.cost > 0 && c.endedAt !== undefined),
		).toBe(true)
	})

	it("showing another task in the chat leaves the running one at work in the room", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [write("a.txt"), write("b.txt"), complete("A done")],
		})
		const board = new BoardMirror()
		agent.controller.attach(board.receive)
		await agent.send({ type: "newTask", text: "task A" })
		await agent.client.waitForAsk("tool")
		const first = agent.controller.currentTask?.taskId ?? ""
		await agent.controller.handleWebviewMessage(
			{ type: "startBoardTask", text: "task B", place: { kind: "inPlace" } },
			board.receive,
		)
		await board.waitForState("task B", "waiting")
		const second = board.idOf("task B")
		await agent.send({ type: "showTaskWithId", taskId: second })
		expect(agent.controller.currentTask?.taskId).toBe(second)
		// A waits on its approval in the room, answered from its card while the chat shows B.
		const a = board.card(first)
		expect(a.state).toBe("waiting")
		await agent.controller.handleWebviewMessage(
			{ type: "answerCard", taskId: first, ts: a.waitingOn?.ts ?? 0, askResponse: "yesButtonClicked" },
			board.receive,
		)
		await board.waitForState("task A", "done")
		expect(await agent.read("a.txt")).toBe("a.txt\n")
	})

	it("a queued task can be cancelled before it starts, and resumed from its card later", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { maxConcurrentTasks: 1 },
			scenario: [write("a.txt"), complete("B done")],
		})
		const board = new BoardMirror()
		agent.controller.attach(board.receive)
		const send = (message: Parameters<AgentHarness["send"]>[0]) =>
			agent?.controller.handleWebviewMessage(message, board.receive)
		await send({ type: "startBoardTask", text: "task A", place: { kind: "inPlace" } })
		await board.waitForState("task A", "waiting")
		await send({ type: "startBoardTask", text: "task B", place: { kind: "inPlace" } })
		await board.waitForState("task B", "queued")
		await send({ type: "cancelCard", taskId: board.idOf("task B") })
		await board.waitForState("task B", "interrupted")
		// Cancelling A leaves it offering to resume; its place is free, but B is no longer in line.
		await send({ type: "cancelCard", taskId: board.idOf("task A") })
		await board.waitForState("task A", "interrupted")
		expect(agent.server.requests.filter((r) => r.route === "chat")).toHaveLength(1)
		await send({ type: "resumeCard", taskId: board.idOf("task B") })
		await board.waitForState("task B", "done")
		expect(JSON.stringify(agent.server.requests.at(-1)?.body)).toContain("task B")
	})
})
