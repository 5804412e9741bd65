import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import type { ClineMessage } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ApiHistory } from "../task/apiHistory.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { TaskNotFoundError, TaskStore } from "./taskStore.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let storageDir: string
const stores: TaskStore[] = []
beforeEach(async () => {
	temp = await makeTempDir("cairn-store-")
	storageDir = path.join(temp.dir, "storage")
})
afterEach(async () => {
	await Promise.all(stores.splice(0).map((s) => s.close()))
	await temp.remove()
})

async function openStore(options?: Parameters<typeof TaskStore.open>[1]): Promise<TaskStore> {
	const store = await TaskStore.open(storageDir, options)
	stores.push(store)
	return store
}

const say = (ts: number, text: string, extra: Partial<ClineMessage> = {}): ClineMessage => ({
	ts,
	type: "say",
	say: "text",
	text,
	...extra,
})
const text = (t: string) => ({ type: "text" as const, text: t })
const taskDir = (id: string) => path.join(storageDir, "tasks", id)

describe("TaskStore", () => {
	it("round-trips a task through a restart: messages, API history, metadata, history list", async () => {
		const store = await openStore()
		const created = await store.createTask({
			id: "task-1",
			task: "Fix the bug",
			workspace: "/ws",
			mode: "code",
		})
		expect(created).toMatchObject({ number: 1, status: "active", tokensIn: 0, totalCost: 0, version: 1 })
		await store.appendMessage("task-1", say(10, "Fix the bug"))
		await store.appendMessage("task-1", say(11, "request"))
		await store.appendMessage("task-1", say(11, "request, done"))
		const history = new ApiHistory()
		history.pushUser([text("Fix the bug")])
		await store.syncApiHistory("task-1", history.all)
		history.pushAssistant([text("On it")])
		await store.syncApiHistory("task-1", history.all)
		await store.saveMetadata("task-1", {
			tokensIn: 120,
			tokensOut: 30,
			totalCost: 0.02,
			lastMessageTs: 11,
		})
		await store.close()

		const reopened = await openStore()
		expect(reopened.indexReport).toEqual({ added: [], dropped: [], unreadable: [] })
		const loaded = await reopened.loadTask("task-1")
		expect(loaded.problems).toEqual([])
		expect(loaded.messages.map((m) => m.text)).toEqual(["Fix the bug", "request, done"])
		expect(loaded.apiHistory).toEqual(history.all)
		expect(loaded.metadata).toMatchObject({
			task: "Fix the bug",
			tokensIn: 120,
			totalCost: 0.02,
			lastMessageTs: 11,
		})
		expect(loaded.metadata.size).toBeGreaterThan(0)
		expect(reopened.list({ workspace: "/ws" })).toEqual([
			expect.objectContaining({ id: "task-1", tokensIn: 120 }),
		])
		expect(reopened.get("task-1")).not.toHaveProperty("version")
	})

	it("refuses partial messages and duplicate tasks", async () => {
		const store = await openStore()
		await store.createTask({ id: "t", task: "x" })
		await expect(store.appendMessage("t", say(1, "streaming", { partial: true }))).rejects.toThrow(
			/partial/,
		)
		await expect(store.createTask({ id: "t", task: "again" })).rejects.toThrow(/exists already/)
	})

	it("appends without rewriting: each message costs the bytes of its own line", async () => {
		const store = await openStore()
		await store.createTask({ id: "t", task: "x" })
		await store.appendMessage("t", say(1, "first"))
		const file = path.join(taskDir("t"), "ui_messages.jsonl")
		const before = await stat(file)
		let expectedSize = before.size
		for (let ts = 2; ts < 50; ts++) {
			const message = say(ts, "m".repeat(ts * 10))
			await store.appendMessage("t", message)
			expectedSize += Buffer.byteLength(`${JSON.stringify(message)}\n`)
		}
		const after = await stat(file)
		expect(after.ino).toBe(before.ino)
		expect(after.size).toBe(expectedSize)
	})

	it("numbers tasks per workspace and lists newest first", async () => {
		const store = await openStore()
		await store.createTask({ id: "a1", task: "one", workspace: "/a", ts: 1 })
		await store.createTask({ id: "b1", task: "two", workspace: "/b", ts: 2 })
		await store.createTask({ id: "a2", task: "three", workspace: "/a", ts: 3 })
		expect(store.list().map((h) => [h.id, h.number])).toEqual([
			["a2", 2],
			["b1", 1],
			["a1", 1],
		])
		expect(store.list({ query: "TW" }).map((h) => h.id)).toEqual(["b1"])
	})

	/** The index, and who last held its lock (kept, see processLock.ts). */
	const indexFiles = ["index.json", "index.lock-owner.json"]

	it("deletes a task's folder and history entry", async () => {
		const store = await openStore()
		await store.createTask({ id: "gone", task: "x" })
		await store.appendMessage("gone", say(1, "hello"))
		expect(await store.deleteTask("gone")).toBe(true)
		expect(await readdir(path.join(storageDir, "tasks"))).toEqual(indexFiles)
		expect(store.list()).toEqual([])
		expect(await store.deleteTask("gone")).toBe(false)
		await expect(store.loadTask("gone")).rejects.toBeInstanceOf(TaskNotFoundError)
		await expect(store.appendMessage("gone", say(2, "late"))).rejects.toThrow(/ENOENT/)
		expect(await readdir(path.join(storageDir, "tasks"))).toEqual(indexFiles)
	})

	it("rejects task ids that could reach outside the tasks folder, touching nothing", async () => {
		const store = await openStore()
		await writeFile(path.join(storageDir, "precious.txt"), "keep")
		for (const id of ["..", "../precious.txt", "a/b", "", ".trash-x", "x".repeat(129)]) {
			await expect(store.deleteTask(id)).rejects.toThrow(/invalid task id/)
			await expect(store.loadTask(id)).rejects.toThrow(/invalid task id/)
			expect(() => store.appendMessage(id, say(1, "x"))).toThrow(/invalid task id/)
			await expect(store.createTask({ id, task: "x" })).rejects.toThrow(/invalid task id/)
		}
		expect(await readFile(path.join(storageDir, "precious.txt"), "utf8")).toBe("keep")
	})

	it("opens a task whose files are damaged, reports the damage, and repairs metadata on the next save", async () => {
		const store = await openStore()
		await store.createTask({ id: "t", task: "Original task", tokensIn: 5 })
		await store.appendMessage("t", say(1, "Original task"))
		await store.appendMessage("t", say(2, "answer"))
		await store.close()
		const dir = taskDir("t")
		await writeFile(path.join(dir, "metadata.jsonl"), "{trunc\n")
		await writeFile(
			path.join(dir, "ui_messages.jsonl"),
			`${await readFile(path.join(dir, "ui_messages.jsonl"), "utf8")}{"ts":3,`,
		)

		const reopened = await openStore()
		expect(reopened.indexReport.unreadable).toEqual([]) // the index was intact: it still lists the task
		const loaded = await reopened.loadTask("t")
		expect(loaded.messages.map((m) => m.ts)).toEqual([1, 2])
		expect(loaded.metadata).toMatchObject({ id: "t", task: "Original task", tokensIn: 5 })
		expect(loaded.problems.map((p) => p.error)).toEqual([
			expect.stringMatching(/cut off/),
			expect.stringMatching(/metadata is invalid.*not valid JSON.*history index's copy/),
		])
		await reopened.appendMessage("t", say(3, "after the crash"))
		await reopened.saveMetadata("t", { status: "completed" })
		await reopened.close()

		await writeFile(path.join(storageDir, "tasks", "index.json"), "garbage")
		const third = await openStore()
		expect(third.indexReport).toMatchObject({
			rebuilt: expect.stringMatching(/unreadable/),
			unreadable: [],
		})
		const again = await third.loadTask("t")
		expect(again.problems).toEqual([])
		expect(again.messages.map((m) => m.ts)).toEqual([1, 2, 3])
		expect(third.get("t")).toMatchObject({ status: "completed", tokensIn: 5 })
	})

	it("rebuilds metadata from the messages when neither the file nor the index has it", async () => {
		const store = await openStore()
		await store.createTask({ id: "t", task: "The task text" })
		await store.appendMessage("t", say(5, "The task text"))
		await store.close()
		await writeFile(path.join(taskDir("t"), "metadata.jsonl"), "{") // a kill cut its only line
		await writeFile(path.join(storageDir, "tasks", "index.json"), "")
		const reopened = await openStore()
		expect(reopened.indexReport.unreadable).toEqual([
			{ taskId: "t", error: expect.stringMatching(/^corrupt/) },
		])
		expect(reopened.list()).toEqual([])
		const loaded = await reopened.loadTask("t")
		expect(loaded.metadata).toMatchObject({ id: "t", task: "The task text", createdAt: 5 })
		expect(loaded.problems).toEqual([
			expect.objectContaining({ error: expect.stringMatching(/from the messages/) }),
		])
		await reopened.saveMetadata("t", {})
		expect(reopened.list().map((h) => h.id)).toEqual(["t"])
	})

	it("opens a task killed before its first message was written with that message rebuilt from its title, and writes it back", async () => {
		const store = await openStore()
		const created = await store.createTask({ id: "t", task: "second job" })
		await store.close() // as a kill leaves it: the folder and its metadata, empty journals

		const reopened = await openStore()
		const loaded = await reopened.loadTask("t")
		const first = { ts: created.createdAt, type: "say", say: "text", text: "second job" }
		expect(loaded.messages).toEqual([expect.objectContaining(first)])
		expect(loaded.apiHistory).toEqual([])
		expect(loaded.problems).toEqual([
			{
				file: path.join(taskDir("t"), "ui_messages.jsonl"),
				error: expect.stringMatching(/no first message.*rebuilt from the task's title/),
			},
		])
		// Written back: messages journaled after it do not hide it on the next open.
		await reopened.appendMessage("t", say(created.createdAt + 1, "", { type: "ask", ask: "resume_task" }))
		await reopened.close()
		const again = await (await openStore()).loadTask("t")
		expect(again.problems).toEqual([])
		expect(again.messages.map((m) => m.text)).toEqual(["second job", ""])
	})

	it("saves a turn's counts as one metadata line; the history file gets them lazily, and all of them at close", async () => {
		const store = await openStore()
		await store.createTask({ id: "t", task: "x" })
		for (const tokensIn of [10, 20, 30])
			await store.saveMetadata("t", { tokensIn, totalCost: tokensIn / 100 })
		const journal = (await readFile(path.join(taskDir("t"), "metadata.jsonl"), "utf8")).trim().split("\n")
		expect(journal.map((line) => (JSON.parse(line) as { tokensIn: number }).tokensIn)).toEqual([
			0, 10, 20, 30,
		])
		expect(store.get("t")?.tokensIn).toBe(30)
		const indexFile = path.join(storageDir, "tasks", "index.json")
		const listed = async () =>
			JSON.parse(await readFile(indexFile, "utf8")) as {
				items: { tokensIn: number }[]
				behind: string[]
			}
		expect(await listed()).toMatchObject({ items: [{ tokensIn: 10 }], behind: ["t"] })
		await store.close()
		expect(await listed()).toMatchObject({ items: [{ tokensIn: 30 }], behind: [] })
	})

	it("keeps the state of the files in context beside the task: the last one saved is read back", async () => {
		const store = await openStore()
		await store.createTask({ id: "t", task: "x" })
		await store.appendMessage("t", say(1, "x"))
		expect((await store.loadTask("t")).fileContext).toBeUndefined()
		const older = { version: 1 as const, files: [{ path: "a.txt", hash: "1" }] }
		const newer = { version: 1 as const, files: [{ path: "b.txt", hash: "2" }] }
		await Promise.all([store.saveFileContext("t", older), store.saveFileContext("t", newer)])
		await store.close()

		const reopened = await openStore()
		const loaded = await reopened.loadTask("t")
		expect(loaded.fileContext).toEqual(newer)
		expect(loaded.problems).toEqual([])
		// The task's size counts the file too (measured before the save journals the metadata).
		const files = ["ui_messages.jsonl", "metadata.jsonl", "file_context.jsonl"]
		const sizes = await Promise.all(files.map((name) => stat(path.join(taskDir("t"), name))))
		await reopened.saveMetadata("t", {})
		expect(reopened.get("t")?.size).toBe(sizes.reduce((sum, { size }) => sum + size, 0))
	})

	it("opens a task whose file context is damaged, forgetting it and saying so", async () => {
		const store = await openStore()
		await store.createTask({ id: "t", task: "x" })
		await store.appendMessage("t", say(1, "x"))
		await store.close()
		await writeFile(path.join(taskDir("t"), "file_context.jsonl"), '{"state":{"version":1,"fi\n')
		const loaded = await (await openStore()).loadTask("t")
		expect(loaded.fileContext).toBeUndefined()
		expect(loaded.problems).toEqual([
			{
				file: path.join(taskDir("t"), "file_context.jsonl"),
				error: expect.stringMatching(/line 1: not valid JSON.*files read before are forgotten/),
			},
		])
	})

	it("finishes interrupted creates and deletes on open", async () => {
		const tasksDir = path.join(storageDir, "tasks")
		const oldCreate = path.join(tasksDir, ".new-a-00000000")
		const freshCreate = path.join(tasksDir, ".new-b-11111111")
		const halfDeleted = path.join(tasksDir, ".trash-c-22222222")
		for (const dir of [oldCreate, freshCreate, halfDeleted]) await mkdir(dir, { recursive: true })
		const hourAgo = new Date(Date.now() - 3_600_000)
		await utimes(oldCreate, hourAgo, hourAgo)
		const store = await openStore()
		expect((await readdir(tasksDir)).sort()).toEqual([".new-b-11111111", ...indexFiles])
		expect(store.list()).toEqual([])
	})

	it("compacts a journal behind the appends once most of it is superseded", async () => {
		const store = await openStore({ compaction: { minRecords: 20, supersededShare: 0.5 } })
		await store.createTask({ id: "t", task: "x" })
		for (let i = 0; i < 30; i++) await store.appendMessage("t", say(1 + (i % 3), `v${i}`))
		await store.closeTask("t")
		const lines = (await readFile(path.join(taskDir("t"), "ui_messages.jsonl"), "utf8"))
			.split("\n")
			.filter(Boolean)
		expect(lines.length).toBeLessThan(30)
		const loaded = await store.loadTask("t")
		expect(loaded.messages.map((m) => m.text)).toEqual(["v27", "v28", "v29"])
	})
})
