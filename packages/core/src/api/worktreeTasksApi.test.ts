import { existsSync } from "node:fs"
import { readFile } from "node:fs/promises"
import path from "node:path"
import type { Turn } from "@cairn/model-server"
import type { MessageEvent } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startApi, type ApiHarness } from "../test-support/apiHarness.js"
import { BoardMirror } from "../test-support/boardMirror.js"
import { plainGit as git } from "../test-support/plainGit.js"

// Tasks in worktrees of their own, driven by a program through the API: real git, real worktrees
// (the Controller's own worktrees and landing), whole tasks against the scripted model server.
// Each task asks before it writes, so which task gets which scripted turn never depends on timing.

const write = (file: string) => ({
	toolCalls: [{ name: "write_to_file", arguments: { path: file, content: `${file}\n` } }],
})
const complete = (result: string) => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })

let harness: ApiHarness | undefined
afterEach(async () => {
	await harness?.agent.cleanup()
	harness = undefined
})

/** The API on a git repository with one commit; a board mirror follows the cards. */
async function apiOnRepository(scenario: Turn[]) {
	harness = await startApi({
		provider: "anthropic",
		files: { "README.md": "main\n" },
		scenario,
	})
	const { agent } = harness
	git(agent.workspace, "init", "-q", "-b", "main")
	git(agent.workspace, "add", "-A")
	git(agent.workspace, "commit", "-qm", "first")
	const board = new BoardMirror()
	agent.controller.attach(board.receive)
	const messages: MessageEvent[] = []
	harness.api.on("message", (event) => messages.push(event))
	/** Approves what the task waits on, as its card's buttons do (the API's buttons answer the chat's task). */
	const approve = async (taskId: string) => {
		await board.waitFor(() => board.cards.get(taskId)?.state === "waiting", `${taskId} to wait`)
		const ts = board.card(taskId).waitingOn?.ts ?? 0
		await agent.controller.handleWebviewMessage(
			{ type: "answerCard", taskId, ts, askResponse: "yesButtonClicked" },
			board.receive,
		)
	}
	return { api: harness.api, agent, board, messages, approve }
}

describe("tasks in worktrees through the API", { timeout: 30_000 }, () => {
	it("runs two at once, each event naming its task; lists, diffs, lands one and discards the other only once its loss is confirmed", async () => {
		const { api, agent, board, messages, approve } = await apiOnRepository([
			write("a.txt"),
			write("b.txt"),
			complete("A done"),
			complete("B done"),
		])
		const a = await api.startTaskInWorktree({ text: "task A", name: "alpha" })
		expect(a.worktree).toMatchObject({ name: "alpha", branch: "cairn/alpha" })
		await board.waitFor(() => board.cards.get(a.taskId)?.state === "waiting", "A to ask to write")
		const b = await api.startTaskInWorktree({ text: "task B" })
		await board.waitFor(() => board.cards.get(b.taskId)?.state === "waiting", "B to ask to write")
		// Both are at work at once (each waits on its own approval), and the chat shows neither.
		expect(await api.getCurrentTaskStack()).toEqual([])

		await approve(a.taskId)
		await board.waitFor(() => board.cards.get(a.taskId)?.state === "done", "A to be done")
		await approve(b.taskId)
		await board.waitFor(() => board.cards.get(b.taskId)?.state === "done", "B to be done")

		// Every message event names its task: a client following both tells them apart.
		const ofTask = (taskId: string) =>
			messages.filter((event) => event.taskId === taskId).map((event) => event.message.text ?? "")
		expect(new Set(messages.map((event) => event.taskId))).toEqual(new Set([a.taskId, b.taskId]))
		expect(ofTask(a.taskId).some((text) => text.includes("a.txt"))).toBe(true)
		expect(ofTask(a.taskId).some((text) => text.includes("b.txt"))).toBe(false)
		expect(ofTask(b.taskId).some((text) => text.includes("b.txt"))).toBe(true)
		expect(ofTask(b.taskId).some((text) => text.includes("a.txt"))).toBe(false)

		const listed = await api.listTasks()
		expect(listed.map((card) => [card.taskId, card.state])).toEqual(
			expect.arrayContaining([
				[a.taskId, "done"],
				[b.taskId, "done"],
			]),
		)
		expect(listed.find((card) => card.taskId === a.taskId)?.worktree?.branch).toBe("cairn/alpha")

		const diff = await api.getTaskDiff(a.taskId)
		expect(diff.taskId).toBe(a.taskId)
		expect(diff.files.map((file) => file.path)).toEqual(["a.txt"])
		expect(diff.patch).toContain("+a.txt")

		expect(await api.landTask(a.taskId, "merge")).toEqual({ how: "merge" })
		expect(await readFile(path.join(agent.workspace, "a.txt"), "utf8")).toBe("a.txt\n")
		expect((await api.listTasks()).find((card) => card.taskId === a.taskId)?.state).toBe("landed")

		// B's file is in no commit: discarding names it and changes nothing until that exact list comes back.
		const worktreeB = b.worktree?.path ?? ""
		expect(await api.discardTask(b.taskId)).toEqual({
			discarded: false,
			loss: ["b.txt (new, not committed)"],
		})
		expect(await api.discardTask(b.taskId, ["something else"])).toEqual({
			discarded: false,
			loss: ["b.txt (new, not committed)"],
		})
		expect(existsSync(path.join(worktreeB, "b.txt"))).toBe(true)
		expect(await api.discardTask(b.taskId, ["b.txt (new, not committed)"])).toEqual({ discarded: true })
		expect(existsSync(worktreeB)).toBe(false)
		expect((await api.listTasks()).find((card) => card.taskId === b.taskId)?.state).toBe("discarded")
	})

	it("outside a git repository, starting one in a worktree rejects saying why and starts nothing", async () => {
		harness = await startApi({ provider: "anthropic", files: { "README.md": "main\n" }, scenario: [] })
		await expect(harness.api.startTaskInWorktree({ text: "anything" })).rejects.toThrow(
			/cannot get a worktree of their own here \(the workspace is not a git repository/,
		)
		expect(await harness.api.listTasks()).toEqual([])
	})

	it("refuses clearly: a bad worktree name, and a diff of a task that has no worktree", async () => {
		const { api } = await apiOnRepository([])
		await expect(api.startTaskInWorktree({ text: "x", name: "../escape" })).rejects.toThrow(
			/startBoardTask|startTaskInWorktree/,
		)
		await expect(api.getTaskDiff("no-such-task")).rejects.toThrow(
			"getTaskDiff: task no-such-task has no worktree",
		)
	})
})
