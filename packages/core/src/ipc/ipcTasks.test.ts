import { existsSync } from "node:fs"
import path from "node:path"
import type { TaskCard } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { IpcClient } from "../test-support/ipcClient.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { IpcServer } from "./IpcServer.js"
import { plainGit as git } from "../test-support/plainGit.js"

// The board's tasks over the IPC socket: started in a worktree, followed by their cards, listed,
// diffed and discarded (only once the loss is confirmed). Real git and worktrees (the Controller's
// own worktrees and landing), a whole task against the scripted model server.

const token = "0123456789abcdef0123456789abcdef"
const write = (file: string) => ({
	toolCalls: [{ name: "write_to_file", arguments: { path: file, content: `${file}\n` } }],
})
const complete = (result: string) => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })
let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
	await cleanup?.()
	cleanup = undefined
})

async function serveRepository(): Promise<{ agent: AgentHarness; client: IpcClient }> {
	const agent = await startAgent({
		provider: "openai",
		files: { "README.md": "main\n" },
		settings: { autoApproval: { enabled: true, write: true } },
		scenario: [write("a.txt"), complete("A done")],
	})
	git(agent.workspace, "init", "-q", "-b", "main")
	git(agent.workspace, "add", "-A")
	git(agent.workspace, "commit", "-qm", "first")
	const temp = await makeTempDir("cairn-ipc-")
	const server = await IpcServer.listen({
		controller: agent.controller,
		path: path.join(temp.dir, "cairn.sock"),
		logger: recordingLogger(),
		token,
	})
	const client = await IpcClient.connect(path.join(temp.dir, "cairn.sock"), token)
	cleanup = async () => {
		client.close()
		await server.close()
		await agent.cleanup()
		await temp.remove()
	}
	return { agent, client }
}

describe("tasks over the IPC socket", { timeout: 30_000 }, () => {
	it("starts one in a worktree, follows its card to done, lists and diffs it, and discards it once the loss is confirmed", async () => {
		const { agent, client } = await serveRepository()
		client.send({ command: "startInWorktree", requestId: "w1", prompt: "write a", name: "alpha" })
		const started = await client.reply("w1")
		expect(started).toMatchObject({
			type: "done",
			code: "started",
			card: { worktree: { name: "alpha", branch: "cairn/alpha" } },
		})
		const { taskId, worktree } = started.card as TaskCard
		await client.waitFor(
			(line) =>
				line.subtype === "task_card" &&
				(line.card as TaskCard).taskId === taskId &&
				(line.card as TaskCard).state === "done",
			"the card to say done",
		)
		// It worked in its worktree: the person's work tree has nothing of it.
		expect(existsSync(path.join(worktree?.path ?? "", "a.txt"))).toBe(true)
		expect(existsSync(path.join(agent.workspace, "a.txt"))).toBe(false)

		client.send({ command: "listTasks", requestId: "l1" })
		const listed = await client.reply("l1")
		expect((listed.cards as TaskCard[]).map((card) => [card.taskId, card.state])).toEqual([
			[taskId, "done"],
		])

		client.send({ command: "taskDiff", requestId: "d1", taskId })
		expect(await client.reply("d1")).toMatchObject({
			code: "diff",
			diff: { taskId, files: [{ path: "a.txt" }], patch: expect.stringContaining("+a.txt") },
		})

		client.send({ command: "discardTask", requestId: "x1", taskId })
		expect(await client.reply("x1")).toMatchObject({
			code: "needs_confirmation",
			loss: ["a.txt (new, not committed)"],
		})
		expect(existsSync(worktree?.path ?? "")).toBe(true)
		client.send({
			command: "discardTask",
			requestId: "x2",
			taskId,
			confirmedLoss: ["a.txt (new, not committed)"],
		})
		expect(await client.reply("x2")).toMatchObject({ code: "discarded" })
		expect(existsSync(worktree?.path ?? "")).toBe(false)
	})

	it("a task command the host refuses is that command's error, and the session goes on", async () => {
		const { client } = await serveRepository()
		client.send({ command: "landTask", requestId: "n1", taskId: "no-such-task", how: "merge" })
		expect(await client.reply("n1")).toMatchObject({
			type: "error",
			command: "landTask",
			code: "refused",
			message: expect.stringContaining("no-such-task"),
		})
		client.send({ command: "ping", requestId: "p1" })
		expect(await client.reply("p1")).toMatchObject({ type: "done", code: "pong" })
	})
})
