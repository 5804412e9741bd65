import type { Turn } from "@cairn/model-server"
import { boardTotal, CairnEventName, type CairnAPIEvents, type TokenUsage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { IsolatedEmitter } from "../controller/isolatedEmitter.js"
import { runResult } from "../stream/taskOutcome.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { boardClient } from "../test-support/boardMirror.js"
import { plainGit as git } from "../test-support/plainGit.js"

// Issue 36: what a task cost, one figure everywhere. Each case played a disagreement on the main
// of before the ledger: the header summed the transcript's rows, the history item the requests of
// the current session, and neither counted what rows no longer showed.

const complete = (result = "done"): Turn => ({
	toolCalls: [{ name: "attempt_completion", arguments: { result } }],
})
const read = (path: string): Turn => ({ toolCalls: [{ name: "read_file", arguments: { path } }] })
const write = (path: string): Turn => ({
	toolCalls: [{ name: "write_to_file", arguments: { path, content: `${path}\n` } }],
})
const usage = { inputTokens: 3_000, outputTokens: 40 }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
}, 60_000)

describe("the ledger: what a task spent, everywhere the same", { timeout: 60_000 }, () => {
	it("counts a request cancelled before an OpenAI-compatible server reported usage, as an estimate", async () => {
		agent = await startAgent({
			provider: "openai",
			scenario: [
				{ text: "A long answer that streams slowly word by word", textChunks: 20, chunkDelayMs: 60 },
			],
		})
		await agent.send({ type: "newTask", text: "talk" })
		await agent.client.waitFor(
			(m) => m.messages.some((x) => x.say === "text" && x.partial && (x.text ?? "").length > 5),
			"streaming text",
		)
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		// Before: requests 1, tokens 0 (the header said "Tokens counting…") and $0.00.
		const totals = agent.client.summary.totals
		expect(totals).toMatchObject({ requests: 1, estimated: 1 })
		expect(totals.tokensIn).toBeGreaterThan(100)
		expect(totals.tokensOut).toBeGreaterThan(0)
		expect(totals.cost).toBeGreaterThan(0)
	})

	it("keeps what was spent when messages are deleted to rewind", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "a.txt": "a\n" },
			settings: { autoApproval: { enabled: true, readOnly: true }, enableCheckpoints: true },
			scenario: [
				{ ...read("a.txt"), usage },
				{ ...complete("first"), usage },
				{ ...complete("second"), usage },
			],
		})
		await agent.send({ type: "newTask", text: "read a.txt" })
		await agent.client.waitForAsk("completion_result")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "once more" })
		await agent.client.waitFor(
			(m) => m.messages.some((x) => x.say === "completion_result" && x.text === "second"),
			"the second result",
		)
		await agent.client.waitForAsk("completion_result")
		const before = agent.client.summary.totals
		expect(before.requests).toBe(3)
		const feedback = agent.client.says("user_feedback").find((m) => m.text === "once more")!
		await agent.send({ type: "deleteMessage", ts: feedback.ts, restoreFiles: false })
		await agent.client.waitForAsk("resume_completed_task")
		expect(agent.client.says("user_feedback")).toHaveLength(0)
		// Before: the header lost the deleted request's row, and its cost with it.
		expect(agent.client.summary.totals).toMatchObject({
			requests: 3,
			tokensIn: before.tokensIn,
			cost: before.cost,
		})
		// The same after a restart: the ledger is on disk with the task.
		const taskId = agent.client.taskId!
		await agent.restart()
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		expect(agent.client.summary.totals).toMatchObject({ requests: 3, cost: before.cost })
	})

	it("shows one figure in the header, the history item, the API event and the CLI's result, across a restart", async () => {
		const events = new IsolatedEmitter<CairnAPIEvents>((event, error) => {
			throw new Error(`A listener of ${event} failed: ${String(error)}`)
		})
		const reported: TokenUsage[] = []
		events.on(CairnEventName.TaskTokenUsageUpdated, (_id, tokens) => reported.push(tokens))
		agent = await startAgent({
			provider: "anthropic",
			events,
			scenario: [
				{ text: "Thinking it over.", usage },
				{ ...complete("first"), usage },
				{ ...complete("second"), usage },
			],
		})
		await agent.send({ type: "newTask", text: "answer" })
		await agent.client.waitForAsk("completion_result")
		const taskId = agent.client.taskId!
		await agent.restart()
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "and again" })
		await agent.client.waitFor(
			(m) => m.messages.some((x) => x.say === "completion_result" && x.text === "second"),
			"the second result",
		)
		await agent.client.waitForAsk("completion_result")
		await agent.controller.flush()
		const header = agent.client.summary.totals
		expect(header.requests).toBe(3)
		const item = agent.controller.historyItem(taskId)!
		const event = reported.at(-1)!
		const cli = runResult({ kind: "completed", result: "second" }, taskId, header)
		// Before: the history item had only the requests made since the restart.
		expect(item).toMatchObject({ tokensIn: header.tokensIn, tokensOut: header.tokensOut, requests: 3 })
		expect(item.totalCost).toBeCloseTo(header.cost, 12)
		expect(event).toMatchObject({ totalTokensIn: header.tokensIn, requests: 3 })
		expect(event.totalCost).toBeCloseTo(header.cost, 12)
		expect(cli.cost).toBeCloseTo(header.cost, 12)
		expect(cli.tokens.input).toBe(header.tokensIn)
	})

	it("counts the tokens of a summary request in the header, not only its cost", async () => {
		agent = await startAgent({
			provider: "anthropic",
			server: {
				sideTurns: [
					{
						when: { systemIncludes: "summar" },
						turn: {
							text: "The person asked twice; the model answered.",
							usage: { inputTokens: 900, outputTokens: 70 },
						},
					},
				],
			},
			scenario: [
				{ text: "First answer.", usage },
				{ ...complete("first"), usage },
				{ ...complete("second"), usage },
			],
		})
		await agent.send({ type: "newTask", text: "answer" })
		await agent.client.waitForAsk("completion_result")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "and again" })
		await agent.client.waitFor(
			(m) => m.messages.some((x) => x.say === "completion_result" && x.text === "second"),
			"the second result",
		)
		await agent.client.waitForAsk("completion_result")
		const before = agent.client.summary.totals
		await agent.send({ type: "condenseTaskContextRequest" })
		await agent.client.waitFor(
			(m) => m.says("condense_context").some((x) => x.contextCondense !== undefined),
			"the condense",
		)
		const after = agent.client.summary.totals
		// Before: the summary's dollars were added, its tokens were not.
		expect(after.requests).toBe(before.requests + 1)
		expect(after.tokensIn).toBe(before.tokensIn + 900)
		expect(after.tokensOut).toBe(before.tokensOut + 70)
	})

	it("counts the request the provider was answering when Cairn shut down, on the task's history item", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{
					...write("b.txt"),
					// Anthropic reports the input tokens as the answer starts; the answer then stalls.
					usage: { inputTokens: 200, outputTokens: 10 },
					argumentChunks: 10,
					stallAfterChunks: 6,
				},
			],
		})
		await agent.send({ type: "newTask", text: "write b" })
		const taskId = agent.client.taskId!
		await agent.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "tool" && m.messages.at(-1)?.partial === true,
			"the write streaming",
		)
		await agent.restart()
		// Before: the shutdown closed the task's files while its loop was still ending, so the
		// request's bill (written by the loop's cancel path) was lost: 0 requests, 0 tokens.
		expect(agent.controller.historyItem(taskId)).toMatchObject({ requests: 1, tokensIn: 200 })
	})

	it("counts a request cut mid-stream and retried, with the retry", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{ text: "Half an answer that is cut", textChunks: 6, disconnectAfterChunks: 5, usage },
				{ ...complete("after the retry"), usage },
			],
		})
		await agent.send({ type: "newTask", text: "answer" })
		await agent.client.waitForAsk("completion_result")
		// Anthropic reports the input when the answer starts: the cut attempt was billed for it.
		expect(agent.client.summary.totals).toMatchObject({ requests: 2, tokensIn: 6_000 })
	})

	it("shows a parent's own cost and its subtask's together, and the CLI's result includes the subtask", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "orchestrator", autoApproval: { enabled: true, alwaysAllowSubtasks: true } },
			scenario: [
				{
					toolCalls: [{ name: "new_task", arguments: { mode: "code", message: "the part" } }],
					usage,
				},
				{ ...complete("part done"), usage: { inputTokens: 5_000, outputTokens: 10 } },
				{ ...complete("all done"), usage },
			],
		})
		await agent.send({ type: "newTask", text: "plan" })
		await agent.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "completion_result" && m.says("subtask_result").length === 1,
			"the root's completion",
		)
		const root = agent.controller.currentTask!
		const totals = agent.client.summary.totals
		// Before: the CLI's final cost and the header were the root's requests only.
		expect(totals.requests).toBe(3)
		expect(totals.tokensIn).toBe(11_000)
		expect(totals.subtasks).toMatchObject({ requests: 1, tokensIn: 5_000 })
		expect(totals.subtasks!.cost).toBeGreaterThan(0)
		expect(totals.cost).toBeCloseTo(root.ledger.totals.cost, 12)
		const cli = runResult({ kind: "completed", result: "all done" }, root.taskId, totals)
		expect(cli.cost).toBeCloseTo(totals.cost, 12)
		expect(cli.subtasks?.cost).toBeCloseTo(totals.subtasks!.cost, 12)
		await agent.controller.flush()
		expect(agent.controller.historyItem(root.taskId)?.totalCost).toBeCloseTo(totals.cost, 12)
	})

	it("counts every request of a parallel task in its own ledger, and the board's total is the sum of its cards'", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "README.md": "main\n" },
			// Each task asks before it writes, so which task gets which scripted turn never depends on timing.
			scenario: [
				{ ...write("a.txt"), usage },
				{ ...write("b.txt"), usage: { inputTokens: 2_000, outputTokens: 30 } },
				{ text: "Half an answer that is cut", textChunks: 6, disconnectAfterChunks: 5, usage },
				{ ...complete("A done"), usage },
				{ ...complete("B done"), usage: { inputTokens: 2_000, outputTokens: 30 } },
			],
		})
		git(agent.workspace, "init", "-q", "-b", "main")
		git(agent.workspace, "add", "-A")
		git(agent.workspace, "commit", "-qm", "first")
		const { board, send, approve } = boardClient(agent)
		await send({ type: "startBoardTask", text: "task A", place: { kind: "worktree" } })
		await board.waitForState("task A", "waiting")
		await send({ type: "startBoardTask", text: "task B", place: { kind: "worktree" } })
		await board.waitForState("task B", "waiting")
		// A's next request is cut mid-stream and retried while B waits on its approval.
		await approve("task A")
		await board.waitForState("task A", "done")
		await approve("task B")
		await board.waitForState("task B", "done")
		await agent.controller.flush()

		const a = agent.controller.historyItem(board.idOf("task A"))!
		const b = agent.controller.historyItem(board.idOf("task B"))!
		// A: its write, the cut attempt (Anthropic reported its input when it began) and its retry.
		expect(a).toMatchObject({ requests: 3, tokensIn: 9_000 })
		expect(b).toMatchObject({ requests: 2, tokensIn: 4_000 })
		expect(agent.server.requests.filter((r) => r.route === "chat")).toHaveLength(5)
		await send({ type: "requestTaskBoard" })
		const answer = board.received.findLast((m) => m.type === "taskBoard")
		const cards = answer?.type === "taskBoard" ? answer.cards : []
		expect(cards).toHaveLength(2)
		for (const item of [a, b])
			expect(cards.find((card) => card.taskId === item.id)?.cost).toBeCloseTo(item.totalCost, 12)
		// The board's total (BoardTotal sums the cards) is what the two ledgers spent together.
		const total = cards.reduce((sum, card) => sum + card.cost, 0)
		expect(total).toBeGreaterThan(0)
		expect(total).toBeCloseTo(a.totalCost + b.totalCost, 12)
	})

	it("counts a board task's subtask once in the board's total, though the parent's card shows it too", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, alwaysAllowSubtasks: true } },
			scenario: [
				{
					toolCalls: [{ name: "new_task", arguments: { mode: "code", message: "the part" } }],
					usage,
				},
				{ ...complete("part done"), usage: { inputTokens: 5_000, outputTokens: 10 } },
				{ ...complete("all done"), usage },
			],
		})
		const { board, send } = boardClient(agent)
		await send({ type: "startBoardTask", text: "plan", place: { kind: "inPlace" }, mode: "orchestrator" })
		await board.waitForState("plan", "done")
		await agent.controller.flush()
		await send({ type: "requestTaskBoard" })
		const answer = board.received.findLast((m) => m.type === "taskBoard")
		const cards = answer?.type === "taskBoard" ? answer.cards : []
		const root = agent.controller.historyItem(board.idOf("plan"))!
		expect(root).toMatchObject({ requests: 3, tokensIn: 11_000 })
		expect(cards.map((card) => card.title).sort()).toEqual(["plan", "the part"])
		// The parent's card shows its subtask's cost with its own; the subtask's card shows it again.
		expect(board.card(root.id).cost).toBeCloseTo(root.totalCost, 12)
		expect(boardTotal(cards)).toBeCloseTo(root.totalCost, 12)
	})
})
