import { appendFile, mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import type { HistoryItem } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { HistoryIndex, indexFileName } from "./historyIndex.js"
import { acquireLock } from "./processLock.js"
import { type TaskMetadata, writeNewTaskMetadata } from "./taskMetadata.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let tasksDir: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-index-")
	tasksDir = path.join(temp.dir, "tasks")
})
afterEach(() => temp.remove())

const item = (id: string, ts: number, task: string, workspace = "/ws/a"): HistoryItem => ({
	id,
	ts,
	task,
	tokensIn: 1,
	tokensOut: 2,
	totalCost: 0.5,
	workspace,
})
const meta = (h: HistoryItem): TaskMetadata => ({ ...h, version: 1, createdAt: h.ts, updatedAt: h.ts })

/** Task folders with metadata, as TaskStore leaves them (journals are not needed to list). */
async function seed(items: HistoryItem[]): Promise<void> {
	for (const h of items) {
		const dir = path.join(tasksDir, h.id)
		await mkdir(dir, { recursive: true })
		await writeNewTaskMetadata(dir, meta(h))
	}
}

const items = [
	item("t1", 100, "Fix the login bug"),
	item("t2", 300, "Write docs for LOGIN flow", "/ws/b"),
	item("t3", 200, "Refactor the parser"),
]
const ids = (list: HistoryItem[]) => list.map((h) => h.id)

describe("HistoryIndex", () => {
	it("lists newest first, per workspace or globally, and searches the task text case-insensitively", async () => {
		const { index } = await HistoryIndex.open(tasksDir)
		for (const h of items) await index.upsert(h)
		expect(ids(index.list())).toEqual(["t2", "t3", "t1"])
		expect(ids(index.list({ workspace: "/ws/a" }))).toEqual(["t3", "t1"])
		expect(ids(index.list({ query: "login" }))).toEqual(["t2", "t1"])
		expect(ids(index.list({ workspace: "/ws/a", query: " LOGIN " }))).toEqual(["t1"])
		expect(ids(index.list({ query: "nothing like it" }))).toEqual([])
		await index.upsert({ ...items[0]!, ts: 400 })
		await index.remove("t3")
		expect(ids(index.list())).toEqual(["t1", "t2"])
	})

	it("rebuilds from the tasks' metadata when the index is missing", async () => {
		await seed(items)
		const { index, report } = await HistoryIndex.open(tasksDir)
		expect(report).toEqual({ rebuilt: "the index was missing", added: [], dropped: [], unreadable: [] })
		expect(ids(index.list())).toEqual(["t2", "t3", "t1"])
		expect(index.get("t2")).toEqual(items[1])
		const onDisk = JSON.parse(await readFile(path.join(tasksDir, indexFileName), "utf8")) as {
			items: unknown[]
		}
		expect(onDisk.items).toHaveLength(3)
	})

	it("rebuilds when the index is garbage or of the wrong shape", async () => {
		await seed(items)
		for (const garbage of ["\u0000\u0000{not json", '{"version":1,"items":[{"id":""}]}']) {
			await writeFile(path.join(tasksDir, indexFileName), garbage)
			const { index, report } = await HistoryIndex.open(tasksDir)
			expect(report.rebuilt).toMatch(/the index was unreadable/)
			expect(ids(index.list({ workspace: "/ws/a" }))).toEqual(["t3", "t1"])
		}
	})

	it("reports task folders with unreadable metadata, without listing or deleting them", async () => {
		await seed(items)
		await mkdir(path.join(tasksDir, "broken"))
		await writeFile(path.join(tasksDir, "broken", "metadata.json"), '{"id": "broken", "ts": ')
		await mkdir(path.join(tasksDir, "empty"))
		await mkdir(path.join(tasksDir, "moved"))
		await writeNewTaskMetadata(path.join(tasksDir, "moved"), meta(item("elsewhere", 1, "x")))
		const { index, report } = await HistoryIndex.open(tasksDir)
		expect(ids(index.list())).toEqual(["t2", "t3", "t1"])
		expect(report.unreadable.map((u) => u.taskId).sort()).toEqual(["broken", "empty", "moved"])
		expect(report.unreadable.find((u) => u.taskId === "empty")?.error).toMatch(/^missing/)
		expect(report.unreadable.find((u) => u.taskId === "moved")?.error).toMatch(/names task elsewhere/)
		expect(await readdir(tasksDir)).toEqual(expect.arrayContaining(["broken", "empty", "moved"]))
		// Reported again on the next open, not forgotten once the index exists.
		expect((await HistoryIndex.open(tasksDir)).report.unreadable).toHaveLength(3)
	})

	it("adds tasks the index missed and drops entries whose folder is gone, reading only those", async () => {
		await seed(items.slice(0, 2))
		const { index } = await HistoryIndex.open(tasksDir)
		await index.upsert(item("ghost", 50, "deleted behind our back"))
		// A task created by a run that crashed before updating the index.
		await seed(items.slice(2))
		const reopened = await HistoryIndex.open(tasksDir)
		expect(reopened.report).toEqual({ added: ["t3"], dropped: ["ghost"], unreadable: [] })
		expect(ids(reopened.index.list())).toEqual(["t2", "t3", "t1"])
		expect((await HistoryIndex.open(tasksDir)).report).toEqual({ added: [], dropped: [], unreadable: [] })
	})

	it("coalesces a burst of upserts and keeps every one of them", async () => {
		const { index } = await HistoryIndex.open(tasksDir)
		await Promise.all(Array.from({ length: 50 }, (_, i) => index.upsert(item(`b${i}`, i, `task ${i}`))))
		await index.flushed()
		const onDisk = JSON.parse(await readFile(path.join(tasksDir, indexFileName), "utf8")) as {
			items: unknown[]
		}
		expect(onDisk.items).toHaveLength(50)
		expect(index.nextNumber("/ws/a")).toBe(1)
		await index.upsert({ ...item("n", 1, "numbered"), number: 7 })
		expect(index.nextNumber("/ws/a")).toBe(8)
		expect(index.nextNumber("/ws/other")).toBe(1)
	})
})

describe("HistoryIndex, the counts of a running task", () => {
	const onDisk = async () =>
		JSON.parse(await readFile(path.join(tasksDir, indexFileName), "utf8")) as {
			items: HistoryItem[]
			behind: string[]
		}
	const running = item("t", 10, "running")

	it("writes the first noted change at once, listing the task as behind, and the later ones with the next write", async () => {
		const { index } = await HistoryIndex.open(tasksDir)
		await index.upsert(running)
		await index.note({ ...running, tokensIn: 100 })
		expect(await onDisk()).toEqual({ version: 1, items: [{ ...running, tokensIn: 100 }], behind: ["t"] })
		await index.note({ ...running, tokensIn: 200 })
		expect(index.get("t")?.tokensIn).toBe(200)
		expect((await onDisk()).items[0]?.tokensIn).toBe(100)
		await index.upsert(item("other", 1, "another task"))
		expect((await onDisk()).items.find((h) => h.id === "t")?.tokensIn).toBe(200)
	})

	it("settling writes the task's entry and stops listing it as behind", async () => {
		const { index } = await HistoryIndex.open(tasksDir)
		await index.note({ ...running, tokensIn: 100 })
		await index.note({ ...running, tokensIn: 300 })
		await index.settle({ ...running, tokensIn: 300, status: "completed" })
		expect(await onDisk()).toEqual({
			version: 1,
			items: [{ ...running, tokensIn: 300, status: "completed" }],
			behind: [],
		})
	})

	it("after a kill, the next open takes a behind task's entry from its metadata", async () => {
		await seed([running])
		const { index } = await HistoryIndex.open(tasksDir)
		await index.note({ ...running, tokensIn: 100 })
		// The process journals newer metadata, then is killed before writing the index again.
		const dir = path.join(tasksDir, "t")
		await appendFile(
			path.join(dir, "metadata.jsonl"),
			`${JSON.stringify(meta({ ...running, tokensIn: 900 }))}\n`,
		)
		const { index: next } = await HistoryIndex.open(tasksDir)
		expect(next.get("t")?.tokensIn).toBe(900)
		// Written with the next process's next write, and kept over the file's lagging copy.
		await next.upsert(item("other", 1, "another task"))
		expect((await onDisk()).items.find((h) => h.id === "t")?.tokensIn).toBe(900)
	})

	it("a process that did not run the task keeps the owner's settled entry", async () => {
		await seed([running])
		const { index: owner } = await HistoryIndex.open(tasksDir)
		await owner.note({ ...running, tokensIn: 100 })
		const { index: other } = await HistoryIndex.open(tasksDir)
		await owner.settle({ ...running, tokensIn: 500, status: "completed" })
		await other.upsert(item("other", 1, "another task"))
		expect((await onDisk()).items.find((h) => h.id === "t")).toMatchObject({
			tokensIn: 500,
			status: "completed",
		})
		expect((await onDisk()).behind).toEqual([])
	})
})

describe("HistoryIndex shared by several processes", () => {
	const stored = async () =>
		(JSON.parse(await readFile(path.join(tasksDir, indexFileName), "utf8")) as { items: HistoryItem[] })
			.items

	it("keeps every process's entries: a write merges into the file instead of replacing it", async () => {
		const { index: one } = await HistoryIndex.open(tasksDir)
		const { index: two } = await HistoryIndex.open(tasksDir)
		await one.upsert(item("a", 1, "from one"))
		await two.upsert(item("b", 2, "from two"))
		await one.upsert({ ...item("a", 3, "from one"), status: "completed" })
		expect((await stored()).map((h) => [h.id, h.status]).sort()).toEqual([
			["a", "completed"],
			["b", undefined],
		])
		expect(one.list().map((h) => h.id)).toEqual(["a", "b"])
	})

	it("an entry found at open is written once; later writes take the task owner's newer entry", async () => {
		const { index: owner } = await HistoryIndex.open(tasksDir)
		await owner.upsert(item("other", 1, "listed"))
		// Task t exists on disk (active) but not yet in the index when a second process opens.
		await seed([{ ...item("t", 5, "running elsewhere"), status: "active" }])
		const { index: late, report } = await HistoryIndex.open(tasksDir)
		expect(report.added).toEqual(["t"])
		await owner.upsert({ ...item("t", 6, "running elsewhere"), status: "completed" })
		await late.upsert(item("mine", 7, "the late process's own task"))
		expect((await stored()).find((h) => h.id === "t")?.status).toBe("completed")
	})

	it("waits for a live holder of the lock whose refresh is seconds late, rather than writing beside it", async () => {
		const { index } = await HistoryIndex.open(tasksDir)
		const lockDir = path.join(tasksDir, "index.lock")
		const held = await acquireLock({
			lockDir,
			ownerFile: path.join(tasksDir, "index.lock-owner.json"),
			// Its refresh would find the stamp set back below: that is this test's doing, not a takeover.
			onCompromised: () => undefined,
		})
		// As a busy machine leaves it: the holder's last refresh of the lock 3 s ago.
		const late = new Date(Date.now() - 3_000)
		await utimes(lockDir, late, late)
		let written = false
		const writing = index.upsert(item("a", 1, "waits")).then(() => {
			written = true
		})
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(written).toBe(false)
		await held.release()
		await writing
		expect((await stored()).map((h) => h.id)).toEqual(["a"])
	})
})
