import { existsSync } from "node:fs"
import { readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import type { Turn } from "@cairn/model-server"
import { type ClineMessage, checkpointOf, personMessageMark } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
}, 60_000)

const write = (file: string, content: string): Turn => ({
	toolCalls: [{ name: "write_to_file", arguments: { path: file, content } }],
})
const complete = (result = "done"): Turn => ({
	toolCalls: [{ name: "attempt_completion", arguments: { result } }],
})
const autoEdits = { autoApproval: { enabled: true, write: true, readOnly: true }, enableCheckpoints: true }

const checkpointRows = (messages: readonly ClineMessage[]) =>
	messages.filter((m) => checkpointOf(m) !== undefined).map((m) => ({ ts: m.ts, ...checkpointOf(m)! }))
/** The task shows `result` and waits at the completion ask. */
const finishedWith = (messages: readonly ClineMessage[], result: string) =>
	messages.at(-1)?.ask === "completion_result" &&
	messages.at(-1)?.partial !== true &&
	messages.some((m) => m.say === "completion_result" && m.text === result)
const chatBodies = (a: AgentHarness) =>
	a.server.requests.filter((r) => r.route === "chat").map((r) => JSON.stringify(r.body))

async function finishedTask(files: Record<string, string>, scenario: Turn[]): Promise<AgentHarness> {
	const started = await startAgent({ provider: "anthropic", files, settings: autoEdits, scenario })
	await started.send({ type: "newTask", text: "rewrite app.ts and add notes" })
	await started.client.waitForAsk("completion_result")
	return started
}

describe("checkpoints over whole tasks", { timeout: 60_000 }, () => {
	it("saves one at the start and one before the turn that changes files, in the chat and on disk", async () => {
		agent = await finishedTask({ "app.ts": "v1\n" }, [write("app.ts", "v2\n"), complete()])
		const rows = checkpointRows(agent.client.messages)
		expect(rows.map((r) => r.reason)).toEqual(["taskStart", "beforeChange"])
		// The turn's checkpoint points just after the model's answer that asked for the edit.
		expect(rows[1]?.history.messages).toBe(2)
		expect(await agent.read("app.ts")).toBe("v2\n")
		const taskId = agent.client.taskId!
		await agent.restart()
		// The editor's shutdown left the checkpoints' trees packed for git: no pack is left half-written.
		const checkpoints = path.join(path.dirname(agent.workspace), "storage", "checkpoints")
		const repositories = (await readdir(checkpoints)).filter((name) => !name.includes("."))
		expect(repositories).toHaveLength(1)
		expect(await readdir(path.join(checkpoints, repositories[0] ?? ""))).not.toContainEqual(
			expect.stringMatching(/^trees-/),
		)
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		expect(checkpointRows(agent.client.messages).map((r) => r.reason)).toEqual([
			"taskStart",
			"beforeChange",
		])
	})

	it("Restore files puts the files back, keeps the chat, and can itself be undone", async () => {
		agent = await finishedTask({ "app.ts": "v1\n" }, [
			write("app.ts", "v2\n"),
			write("notes.md", "new\n"),
			complete(),
		])
		const before = checkpointRows(agent.client.messages).find((r) => r.reason === "beforeChange")!
		const count = agent.client.messages.length
		await agent.send({ type: "checkpointRestore", ts: before.ts, mode: "files" })
		await agent.client.waitForAsk("resume_completed_task")
		expect(await agent.read("app.ts")).toBe("v1\n")
		expect(existsSync(path.join(agent.workspace, "notes.md"))).toBe(false)
		const restore = checkpointRows(agent.client.messages).find((r) => r.reason === "beforeRestore")!
		expect(restore.restore).toMatchObject({
			written: ["app.ts"],
			removed: ["notes.md"],
			taskRewound: false,
		})
		expect(agent.client.messages.length).toBeGreaterThanOrEqual(count)

		await agent.send({ type: "checkpointRestore", ts: restore.ts, mode: "files" })
		await agent.client.waitForAsk("resume_completed_task")
		expect(await agent.read("app.ts")).toBe("v2\n")
		expect(await agent.read("notes.md")).toBe("new\n")
	})

	it("Restore files and task rewinds the chat and the model's history, keeps the rest on disk, and goes on from there", async () => {
		agent = await finishedTask({ "app.ts": "v1\n" }, [
			write("app.ts", "v2\n"),
			complete("first result"),
			write("app.ts", "v3\n"),
			complete("second result"),
		])
		const checkpoint = checkpointRows(agent.client.messages).find((r) => r.reason === "beforeChange")!
		await agent.send({ type: "checkpointRestore", ts: checkpoint.ts, mode: "filesAndTask" })
		await agent.client.waitForAsk("resume_task")
		expect(await agent.read("app.ts")).toBe("v1\n")
		const messages = agent.client.messages
		expect(messages.some((m) => m.say === "completion_result")).toBe(false)
		expect(messages.filter((m) => m.ts > checkpoint.ts).map((m) => m.ask ?? m.say)).toEqual([
			"checkpoint_saved",
			"resume_task",
		])
		const rewound = await readdir(
			path.join(agent.workspace, "../storage/tasks", agent.client.taskId!, "rewound"),
		)
		expect(rewound).toHaveLength(1)
		const kept = JSON.parse(
			await readFile(
				path.join(agent.workspace, "../storage/tasks", agent.client.taskId!, "rewound", rewound[0]!),
				"utf8",
			),
		)
		expect(kept.messages.some((m: ClineMessage) => m.say === "completion_result")).toBe(true)

		// The restart in between: what was rewound stays rewound.
		await agent.restart()
		await agent.send({
			type: "showTaskWithId",
			taskId: kept.messages[0] ? agent.controller.listHistory()[0]!.id : "",
		})
		await agent.client.waitForAsk("resume_task")
		expect(agent.client.messages.some((m) => m.say === "completion_result")).toBe(false)

		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("app.ts")).toBe("v3\n")
		const resumed = chatBodies(agent).at(-2)!
		expect(resumed).toContain("rewound the task to this point")
		expect(resumed).not.toContain("first result")
	})

	it("editing the first message restores the files, rewinds to it and runs the task again with the new text", async () => {
		agent = await finishedTask({ "app.ts": "v1\n" }, [
			write("app.ts", "v2\n"),
			complete(),
			write("app.ts", "v9\n"),
			complete("redone"),
		])
		const first = agent.client.messages[0]!
		expect(personMessageMark(first)).toEqual({ history: { messages: 0 } })
		await agent.send({ type: "editMessage", ts: first.ts, restoreFiles: true, text: "write v9 instead" })
		await agent.client.waitFor((m) => finishedWith(m.messages, "redone"), "the redone task")
		expect(await agent.read("app.ts")).toBe("v9\n")
		expect(agent.client.messages[0]).toMatchObject({ ts: first.ts, text: "write v9 instead" })
		expect(agent.controller.historyItem(agent.client.taskId!)?.task).toBe("write v9 instead")
		const rerun = chatBodies(agent).at(-2)!
		expect(rerun).toContain("write v9 instead")
		expect(rerun).not.toContain("rewrite app.ts and add notes")
		expect(checkpointRows(agent.client.messages).map((r) => r.reason)).toEqual([
			"beforeRestore",
			"taskStart",
			"beforeChange",
		])
	})

	it("editing feedback restores the files to that moment and resends from there; deleting a message rewinds to before it", async () => {
		agent = await finishedTask({ "app.ts": "v1\n" }, [
			write("app.ts", "v2\n"),
			complete("first"),
			write("app.ts", "v3 with X\n"),
			complete("with X"),
			write("app.ts", "v3 with Y\n"),
			complete("with Y"),
		])
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "also add X" })
		await agent.client.waitFor((m) => finishedWith(m.messages, "with X"), "with X")
		const feedback = agent.client.says("user_feedback").find((m) => m.text === "also add X")!
		expect(personMessageMark(feedback)).toBeDefined()
		await agent.send({ type: "editMessage", ts: feedback.ts, restoreFiles: true, text: "add Y instead" })
		await agent.client.waitFor((m) => finishedWith(m.messages, "with Y"), "with Y")
		expect(await agent.read("app.ts")).toBe("v3 with Y\n")
		expect(agent.client.messages.some((m) => m.text === "also add X")).toBe(false)
		const resent = chatBodies(agent).at(-2)!
		expect(resent).toContain("add Y instead")
		expect(resent).not.toContain("also add X")

		const edited = agent.client.says("user_feedback").find((m) => m.text === "add Y instead")!
		await agent.send({ type: "deleteMessage", ts: edited.ts, restoreFiles: false })
		await agent.client.waitForAsk("resume_completed_task")
		expect(agent.client.messages.some((m) => m.text === "add Y instead" || m.text === "with Y")).toBe(
			false,
		)
		expect(await agent.read("app.ts")).toBe("v3 with Y\n")

		// Both survive a restart: the task opens as the edit and the delete left it.
		const taskId = agent.client.taskId!
		const shown = agent.client.messages.map((m) => m.text)
		await agent.restart()
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		const reopened = agent.client.messages.map((m) => m.text)
		expect(reopened.slice(0, shown.length - 1)).toEqual(shown.slice(0, -1))
		for (const gone of ["also add X", "with X", "add Y instead", "with Y"])
			expect(reopened).not.toContain(gone)
		expect(reopened).toContain("first")
	})

	it("the first message cannot be deleted, and a row that is not a checkpoint cannot be restored", async () => {
		agent = await finishedTask({ "app.ts": "v1\n" }, [write("app.ts", "v2\n"), complete()])
		const first = agent.client.messages[0]!
		await agent.send({ type: "deleteMessage", ts: first.ts, restoreFiles: false })
		await agent.send({ type: "checkpointRestore", ts: first.ts, mode: "files" })
		const errors = agent.client.received.filter((m) => m.type === "error")
		expect(errors.map((e) => e.type === "error" && e.error)).toEqual([
			"The task's first message cannot be deleted; delete the task from the history instead.",
			"There is no checkpoint at that message of the task.",
		])
		expect(await agent.read("app.ts")).toBe("v2\n")
	})

	it("View changes answers with the changed files and a unified diff, since a checkpoint or since the task began", async () => {
		agent = await finishedTask({ "app.ts": "v1\n", "keep.txt": "same\n" }, [
			write("app.ts", "v2\n"),
			write("new.txt", "hello\n"),
			complete(),
		])
		const [start] = checkpointRows(agent.client.messages)
		await agent.send({ type: "checkpointDiff", ts: start!.ts, since: "task" })
		const answer = agent.client.received.find((m) => m.type === "checkpointDiff")
		expect(answer).toMatchObject({
			files: [
				{ path: "app.ts", change: "modified", binary: false },
				{ path: "new.txt", change: "added", binary: false },
			],
		})
		expect(answer?.type === "checkpointDiff" && answer.patch).toContain("-v1\n+v2")
	})

	it("Changes in this task of an earlier task end where the next task began: a later task's files are not its", async () => {
		agent = await finishedTask({ "app.ts": "v1\n" }, [
			write("app.ts", "v2\n"),
			complete("first done"),
			write("later.txt", "from the second task\n"),
			complete("second done"),
		])
		const first = agent.client.taskId!
		await agent.send({ type: "newTask", text: "add later.txt" })
		await agent.client.waitFor((m) => finishedWith(m.messages, "second done"), "the second task's end")
		expect(await agent.read("later.txt")).toBe("from the second task\n")

		await agent.send({ type: "showTaskWithId", taskId: first })
		await agent.client.waitForAsk("resume_completed_task")
		const [start] = checkpointRows(agent.client.messages)
		await agent.send({ type: "checkpointDiff", ts: start!.ts, since: "task" })
		const answer = agent.client.received.findLast((m) => m.type === "checkpointDiff")
		expect(answer?.type === "checkpointDiff" && answer.files).toEqual([
			{ path: "app.ts", change: "modified", binary: false },
		])
		// Since one checkpoint, the view still reaches the files as they are now.
		await agent.send({ type: "checkpointDiff", ts: start!.ts, since: "checkpoint" })
		const sinceCheckpoint = agent.client.received.findLast((m) => m.type === "checkpointDiff")
		expect(
			sinceCheckpoint?.type === "checkpointDiff" && sinceCheckpoint.files.map((f) => f.path),
		).toEqual(["app.ts", "later.txt"])
	})

	it("with checkpoints turned off, a task saves none", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "app.ts": "v1\n" },
			settings: { ...autoEdits, enableCheckpoints: false },
			scenario: [write("app.ts", "v2\n"), complete()],
		})
		await agent.send({ type: "newTask", text: "edit" })
		await agent.client.waitForAsk("completion_result")
		expect(
			agent.client.messages.filter((m) => m.say === "checkpoint_saved" || m.say === "checkpoint_error"),
		).toEqual([])
		expect(existsSync(path.join(agent.workspace, "../storage/checkpoints"))).toBe(false)
	})

	it("a damaged shadow repository turns checkpoints off for the task, says so once, and the task goes on", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { "app.ts": "v1\n" },
			settings: autoEdits,
			scenario: [write("app.ts", "v2\n"), complete(), write("app.ts", "v3\n"), complete()],
		})
		await agent.send({ type: "newTask", text: "edit" })
		await agent.client.waitForAsk("completion_result")
		const checkpoints = path.join(agent.workspace, "../storage/checkpoints")
		const [folder] = await readdir(checkpoints)
		await writeFile(path.join(checkpoints, folder!, "git", "HEAD"), "garbage")
		await agent.restart()
		await agent.send({ type: "newTask", text: "edit again" })
		await agent.client.waitForAsk("completion_result")
		const notices = agent.client.says("checkpoint_error")
		expect(notices).toHaveLength(1)
		expect(notices[0]?.text).toMatch(/^Checkpoints are off for this task/)
		expect(agent.client.says("checkpoint_saved")).toEqual([])
		expect(await agent.read("app.ts")).toBe("v3\n")
	})
})
