import type { BudgetStatus, ClineMessage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { BoardMirror } from "../test-support/boardMirror.js"

// Budgets against the model server: every scripted turn reports its usage, so the tokens each
// request was billed for are known exactly (input + output), and the test counts what was sent.

const billed = (inputTokens: number) => ({ usage: { inputTokens, outputTokens: 10 } })
const read = (path: string, inputTokens: number) => ({
	toolCalls: [{ name: "read_file", arguments: { path } }],
	...billed(inputTokens),
})
const complete = (result: string, inputTokens = 90) => ({
	toolCalls: [{ name: "attempt_completion", arguments: { result } }],
	...billed(inputTokens),
})
const delegate = (message: string, inputTokens: number) => ({
	toolCalls: [{ name: "new_task", arguments: { mode: "code", message } }],
	...billed(inputTokens),
})

const chatRequests = (agent: AgentHarness) => agent.server.requests.filter((r) => r.route === "chat")
const statusOf = (message: ClineMessage | undefined): BudgetStatus =>
	JSON.parse(message?.text ?? "{}") as BudgetStatus

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("a task's budget", () => {
	it("says so at 80%, stops before the next request at 100%, and goes on when the person raises it", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "a.txt": "a\n" },
			settings: {
				autoApproval: { enabled: true, readOnly: true },
				budgets: { task: { maxTokens: 1500 } },
			},
			scenario: [read("a.txt", 1290), read("a.txt", 1290), complete("done")],
		})
		await agent.send({ type: "newTask", text: "read it twice" })
		await agent.client.waitForAsk("budget_reached")
		// 1,300 tokens (87%) after the first request: the notice, then the second request is sent;
		// 2,600 after it: the third waits for the person.
		expect(chatRequests(agent)).toHaveLength(2)
		const notices = agent.client.says("budget_notice")
		expect(notices.map(statusOf)).toEqual([
			{ scope: "task", spent: { cost: expect.any(Number), tokens: 1300 }, limit: { maxTokens: 1500 } },
		])
		const ask = agent.client.messages.at(-1)
		expect(statusOf(ask)).toMatchObject({
			scope: "task",
			spent: { tokens: 2600 },
			limit: { maxTokens: 1500 },
		})
		expect(agent.client.controls.primaryButton?.text).toBe("Raise Limit")
		expect(agent.client.controls.secondaryButton?.message).toEqual({ type: "clearTask" })

		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		// Raised by the limit again (3,000): 2,600 is 87% of it, said once more, and the task went on.
		expect(chatRequests(agent)).toHaveLength(3)
		expect(agent.client.says("budget_notice").map((m) => statusOf(m).limit)).toEqual([
			{ maxTokens: 1500 },
			{ maxTokens: 3000 },
		])
	})

	it("ends the task when the person answers No instead of raising it", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "a.txt": "a\n" },
			settings: {
				autoApproval: { enabled: true, readOnly: true },
				budgets: { task: { maxCost: 0.000001 } },
			},
			scenario: [read("a.txt", 100), complete("never sent")],
		})
		await agent.send({ type: "newTask", text: "read it" })
		await agent.client.waitForAsk("budget_reached")
		const task = agent.controller.currentTask
		await agent.send({ type: "askResponse", askResponse: "noButtonClicked" })
		await agent.client.waitFor(() => task?.state === "abandoned", "the task to end")
		expect(chatRequests(agent)).toHaveLength(1)
	})

	it("holds a task and its subtasks together: the parent stops on what its child spent", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "a.txt": "a\n" },
			settings: {
				mode: "orchestrator",
				autoApproval: { enabled: true, readOnly: true, alwaysAllowSubtasks: true },
				budgets: { task: { maxTokens: 1500 } },
			},
			scenario: [
				delegate("read a.txt", 590),
				read("a.txt", 590),
				complete("read it", 590),
				complete("never sent"),
			],
		})
		await agent.send({ type: "newTask", text: "plan" })
		await agent.client.waitFor(
			(mirror) =>
				mirror.messages.at(-1)?.ask === "budget_reached" &&
				mirror.says("subtask_result").length === 1,
			"the parent's budget ask after its subtask returned",
		)
		// The parent's 600 tokens and its child's 1,200: the parent's next request waits.
		expect(chatRequests(agent)).toHaveLength(3)
		expect(agent.controller.currentTask?.messages[0]?.text).toBe("plan")
		expect(statusOf(agent.client.messages.at(-1))).toMatchObject({
			scope: "task",
			spent: { tokens: 1800 },
		})
	})
})

describe("the person's cheaper profile", () => {
	it("takes over the task's next request once the task has spent the share they named, and the chat says so", async () => {
		agent = await startAgent({
			provider: "openai",
			files: { "a.txt": "a\n" },
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [read("a.txt", 590), read("a.txt", 590), complete("done")],
		})
		const first = agent.controller.settingsStore.settings.currentProfileId ?? ""
		await agent.send({ type: "createProfile", name: "Cheap" })
		const cheap = agent.controller.settingsStore.settings.currentProfileId ?? ""
		const provider = agent.controller.settingsStore.settings.provider!
		await agent.send({
			type: "updateSettings",
			settings: { provider: { ...provider, modelId: "gpt-cheap" } },
		})
		await agent.send({ type: "updateApiKey", provider: "openai", apiKey: "cheap-key" })
		await agent.send({ type: "selectProfile", profileId: first })
		await agent.controller.settingsStore.update({
			budgets: { task: { maxTokens: 2000 }, switchProfile: { profileId: cheap, atPercent: 50 } },
		})
		await agent.send({ type: "newTask", text: "read it twice" })
		await agent.client.waitForAsk("completion_result")
		// 600 tokens (30%) after the first request, 1,200 (60%) after the second: the third is the cheap one's.
		const models = chatRequests(agent).map((r) => (r.body as { model?: string }).model)
		expect(models).toEqual(["gpt-4.1", "gpt-4.1", "gpt-cheap"])
		expect(chatRequests(agent)[2]?.headers.authorization).toBe("Bearer cheap-key")
		expect(agent.client.says("budget_notice").map(statusOf)).toEqual([
			{
				scope: "task",
				spent: { cost: expect.any(Number), tokens: 1200 },
				limit: { maxTokens: 2000 },
				switchedTo: "Cheap",
			},
		])
	})
})

describe("a task read back from disk", () => {
	it("starts its budget from what its ledger says it spent, its subtask's included", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "orchestrator", autoApproval: { enabled: true, alwaysAllowSubtasks: true } },
			scenario: [
				delegate("do the part", 300),
				complete("part done", 900),
				complete("all done", 300),
				complete("never sent"),
			],
		})
		await agent.send({ type: "newTask", text: "plan" })
		await agent.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "completion_result" && m.says("subtask_result").length === 1,
			"the parent's completion",
		)
		const taskId = agent.client.taskId!
		await agent.restart()
		// Its own requests spent 620 tokens, its subtask's 910: only the two together pass 1,000.
		await agent.controller.settingsStore.update({ budgets: { task: { maxTokens: 1000 } } })
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "one more thing" })
		await agent.client.waitForAsk("budget_reached")
		// Before: the resumed task's budget started at zero, and the request was sent.
		expect(chatRequests(agent)).toHaveLength(3)
		expect(statusOf(agent.client.messages.at(-1))).toMatchObject({
			scope: "task",
			spent: { tokens: 1530 },
			limit: { maxTokens: 1000 },
		})
	})
})

describe("a stack stopped by a restart while its subtask waited", () => {
	// The parent's delegation is billed 310 tokens and the subtask's read 210: the stack's 520
	// pass its limit of 500, so the subtask waits on the budget's ask when the restart comes.
	const stoppedStack = async () => {
		const harness = await startAgent({
			provider: "anthropic",
			files: { "a.txt": "a\n" },
			settings: {
				mode: "orchestrator",
				autoApproval: { enabled: true, readOnly: true, alwaysAllowSubtasks: true },
				budgets: { task: { maxTokens: 500 } },
			},
			scenario: [
				delegate("read a.txt", 300),
				read("a.txt", 200),
				complete("read it", 500),
				complete("never sent"),
			],
		})
		await harness.send({ type: "newTask", text: "plan" })
		const parent = harness.client.taskId ?? ""
		await harness.client.waitFor(
			(m) => m.taskId !== parent && m.messages.at(-1)?.ask === "budget_reached",
			"the subtask's budget ask",
		)
		const child = harness.client.taskId ?? ""
		await harness.restart()
		return { harness, parent, child }
	}

	it("the subtask, resumed while its parent is not running, spends from what the whole stack spent", async () => {
		const stopped = await stoppedStack()
		agent = stopped.harness
		await agent.send({ type: "showTaskWithId", taskId: stopped.parent })
		expect(agent.client.taskId).toBe(stopped.child)
		await agent.client.waitForAsk("resume_task")
		await agent.press("primary")
		await agent.client.waitForAsk("budget_reached")
		// Before: the subtask's budget started from its own 210 tokens, so its request was sent
		// and only its parent stopped.
		expect(agent.client.taskId).toBe(stopped.child)
		expect(chatRequests(agent)).toHaveLength(2)
		expect(statusOf(agent.client.messages.at(-1))).toMatchObject({
			scope: "task",
			spent: { tokens: 520 },
			limit: { maxTokens: 500 },
		})
	})

	it("the parent, reopened once its subtask returns, counts what the subtask spent after the restart", async () => {
		const stopped = await stoppedStack()
		agent = stopped.harness
		await agent.controller.settingsStore.update({ budgets: { task: { maxTokens: 1000 } } })
		await agent.send({ type: "showTaskWithId", taskId: stopped.parent })
		await agent.client.waitForAsk("resume_task")
		await agent.press("primary")
		const stops = ["budget_reached", "completion_result"]
		await agent.client.waitFor(
			(m) => m.taskId === stopped.parent && stops.includes(m.messages.at(-1)?.ask ?? ""),
			"the parent's budget ask",
		)
		expect(agent.client.messages.at(-1)?.ask).toBe("budget_reached")
		// 520 before the restart and the subtask's 510 after it. Before: the parent's budget was made
		// before it learned what its subtask spent after the restart, so it started at 520 and the
		// parent's request was sent.
		expect(chatRequests(agent)).toHaveLength(3)
		expect(statusOf(agent.client.messages.at(-1))).toMatchObject({
			scope: "task",
			spent: { tokens: 1030 },
			limit: { maxTokens: 1000 },
		})
	})
})

describe("auto-approval's cost limit", () => {
	it("counts the spend the task's budget is fed: past it, an automatic approval asks first", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "a.txt": "a\n" },
			settings: { autoApproval: { enabled: true, readOnly: true, maxCost: 0.000001 } },
			scenario: [read("a.txt", 100), complete("done")],
		})
		await agent.send({ type: "newTask", text: "read it" })
		await agent.client.waitForAsk("auto_approval_max_req_reached")
		const limit = JSON.parse(agent.client.messages.at(-1)?.text ?? "{}") as {
			limit: string
			cost: number
		}
		expect(limit.limit).toBe("cost")
		expect(limit.cost).toBeGreaterThan(0.000001)
		// Continuing confirms the limit: the count starts again, and the read runs.
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(chatRequests(agent)).toHaveLength(2)
	})
})

describe("a task started from the board", () => {
	it("stops the same way while it runs off screen, its card waiting on the budget's ask", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "a.txt": "a\n" },
			settings: {
				autoApproval: { enabled: true, readOnly: true },
				budgets: { task: { maxTokens: 1000 } },
			},
			scenario: [read("a.txt", 1190), complete("done")],
		})
		const board = new BoardMirror()
		agent.controller.attach(board.receive)
		await agent.controller.handleWebviewMessage(
			{ type: "startBoardTask", text: "on the board", place: { kind: "inPlace" } },
			board.receive,
		)
		await board.waitForState("on the board", "waiting")
		const card = board.card(board.idOf("on the board"))
		expect(card.waitingOn?.ask).toBe("budget_reached")
		expect(chatRequests(agent)).toHaveLength(1)
		await agent.controller.handleWebviewMessage(
			{
				type: "answerCard",
				taskId: card.taskId,
				ts: card.waitingOn?.ts ?? 0,
				askResponse: "yesButtonClicked",
			},
			board.receive,
		)
		await board.waitForState("on the board", "done")
		expect(chatRequests(agent)).toHaveLength(2)
	})
})
