import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { ApiMessage, ToolResultBlock } from "../providers/apiMessage.js"
import { ApiHistory } from "../task/apiHistory.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { type ApiHistoryRecord, ApiHistoryJournal, foldApiHistory } from "./apiHistoryJournal.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let file: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-api-journal-")
	file = path.join(temp.dir, "api_history.jsonl")
})
afterEach(() => temp.remove())

const text = (t: string) => ({ type: "text" as const, text: t })
const use = (id: string) => ({
	type: "tool_use" as const,
	id,
	name: "read_file",
	input: { path: id, n: [1] },
})
const result = (id: string): ToolResultBlock => ({
	type: "tool_result",
	toolUseId: id,
	content: [text("ok")],
})
const records = async () =>
	(await readFile(file, "utf8"))
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line) as ApiHistoryRecord)

describe("ApiHistoryJournal", () => {
	it("folds append and extendLastUser records into the history", async () => {
		const journal = new ApiHistoryJournal(file, { isNew: true })
		const user: ApiMessage = { role: "user", content: [text("task")], ts: 1 }
		await journal.append(user)
		await journal.extendLastUser([text("[resumed]")])
		await journal.append({
			role: "assistant",
			content: [{ type: "reasoning", text: "hm", signature: "s" }, use("a")],
		})
		await journal.close()
		expect((await records()).map((r) => r.type)).toEqual(["append", "extendLastUser", "append"])
		const loaded = await new ApiHistoryJournal(file).load()
		expect(loaded.messages).toEqual([
			{ role: "user", content: [text("task"), text("[resumed]")], ts: 1 },
			{ role: "assistant", content: [{ type: "reasoning", text: "hm", signature: "s" }, use("a")] },
		])
		expect(loaded.problems).toEqual([])
	})

	it("refuses to extend a non-user message, or a record JSON cannot hold, writing nothing", async () => {
		const journal = new ApiHistoryJournal(file, { isNew: true })
		await journal.append({ role: "assistant", content: [text("hi")] })
		expect(() => journal.extendLastUser([text("x")])).toThrow(/user message/)
		const unserialisable = { type: "tool_use" as const, id: "u", name: "n", input: 1n }
		expect(() => journal.append({ role: "assistant", content: [unserialisable] })).toThrow(/BigInt/)
		await journal.sync([
			{ role: "assistant", content: [text("hi")] },
			{ role: "user", content: [text("y")] },
		])
		await journal.close()
		expect((await records()).map((r) => r.type)).toEqual(["append", "append"])
	})

	it("sync journals only what ApiHistory added, merges after a cancel included", async () => {
		const history = new ApiHistory()
		const journal = new ApiHistoryJournal(file, { isNew: true })
		history.pushUser([text("task")])
		await journal.sync(history.all)
		history.pushAssistant([text("reading"), use("a")])
		await journal.sync(history.all)
		// Cancelled before the tool ran: the next user turn answers the tool_use, then is merged into.
		history.pushUser([text("stop")])
		await journal.sync(history.all)
		history.pushUser([text("[resumed]"), result("b")])
		await journal.sync(history.all)
		await journal.sync(history.all)
		await journal.close()
		expect((await records()).map((r) => r.type)).toEqual(["append", "append", "append", "extendLastUser"])
		expect((await new ApiHistoryJournal(file).load()).messages).toEqual(history.all)
	})

	it("sync on a journal it has not loaded reads it first and appends only the difference", async () => {
		const history = new ApiHistory()
		history.pushUser([text("task")])
		history.pushAssistant([text("answer")])
		const first = new ApiHistoryJournal(file, { isNew: true })
		await first.sync(history.all)
		await first.close()
		history.pushUser([text("more")])
		history.pushUser([text("and more")])
		const reopened = new ApiHistoryJournal(file)
		// Not awaited one by one: both must see the same freshly loaded state.
		await Promise.all([reopened.sync(history.all.slice(0, 2)), reopened.sync(history.all)])
		await reopened.close()
		expect((await records()).map((r) => r.type)).toEqual(["append", "append", "append"])
		expect((await new ApiHistoryJournal(file).load()).messages).toEqual(history.all)
	})

	it("a load racing a sync does not move the cursor back (which would journal a message twice)", async () => {
		const journal = new ApiHistoryJournal(file, { isNew: true })
		const all: ApiMessage[] = [{ role: "user", content: [text("task")] }]
		const loading = journal.load()
		const synced = journal.sync(all)
		expect((await loading).messages).toEqual([])
		await synced
		all.push({ role: "assistant", content: [text("reply")] })
		await journal.sync(all)
		await journal.close()
		expect((await records()).map((r) => r.type)).toEqual(["append", "append"])
		expect((await new ApiHistoryJournal(file).load()).messages).toEqual(all)
	})

	it("sync refuses a history that was changed rather than extended", async () => {
		const journal = new ApiHistoryJournal(file, { isNew: true })
		const all: ApiMessage[] = [
			{ role: "user", content: [text("a"), text("b")] },
			{ role: "assistant", content: [text("c")] },
		]
		await journal.sync(all)
		await expect(journal.sync(all.slice(0, 1))).rejects.toThrow(/changed, not extended/)
		await expect(
			journal.sync([all[0] as ApiMessage, { role: "user", content: [text("x")] }]),
		).rejects.toThrow(/changed, not extended/)
		await journal.close()
	})

	it("tolerates a torn tail and a damaged middle line, reporting an extension with nothing to extend", async () => {
		const lines = [
			JSON.stringify({ type: "append", message: { role: "user", content: [text("task")] } }),
			JSON.stringify({ type: "append", message: { role: "robot", content: [] } }),
			JSON.stringify({ type: "append", message: { role: "assistant", content: [text("ok")] } }),
			JSON.stringify({ type: "extendLastUser", blocks: [text("orphan")] }),
		]
		await writeFile(file, `${lines.join("\n")}\n{"type":"append","mess`)
		const loaded = await new ApiHistoryJournal(file).load()
		expect(loaded.tornTail).toBe(true)
		expect(loaded.damagedLines.map((d) => d.line)).toEqual([2])
		expect(loaded.messages).toEqual([
			{ role: "user", content: [text("task")] },
			{ role: "assistant", content: [text("ok")] },
			{ role: "user", content: [text("orphan")] },
		])
		expect(loaded.problems).toEqual([
			expect.stringMatching(/line 4 extends a user message that is not there/),
		])
	})

	it("compaction folds merges into their messages", async () => {
		const journal = new ApiHistoryJournal(file, {
			isNew: true,
			compaction: { minRecords: 5, supersededShare: 0.5 },
		})
		await journal.append({ role: "user", content: [text("0")] })
		for (let i = 1; i <= 9; i++) await journal.extendLastUser([text(String(i))])
		const outcome = await journal.compactIfWorthwhile()
		expect(outcome).toEqual({ compacted: true, recordsBefore: 10, recordsAfter: 1 })
		await journal.append({ role: "assistant", content: [text("reply")] })
		await journal.close()
		expect(await records()).toHaveLength(2)
		const { messages } = await new ApiHistoryJournal(file).load()
		expect(messages[0]?.content).toHaveLength(10)
		expect(messages).toHaveLength(2)
	})

	it("foldApiHistory does not share content arrays with the records", () => {
		const recs: ApiHistoryRecord[] = [
			{ type: "append", message: { role: "user", content: [text("a")] } },
			{ type: "extendLastUser", blocks: [text("b")] },
		]
		foldApiHistory(recs)
		expect(recs[0]).toEqual({ type: "append", message: { role: "user", content: [text("a")] } })
	})
})

describe("the model's view in the journal", () => {
	const task: ApiMessage = { role: "user", content: [{ type: "text", text: "<task>t</task>" }] }
	const answer: ApiMessage = { role: "assistant", content: [{ type: "text", text: "a" }] }
	const more: ApiMessage = { role: "user", content: [{ type: "text", text: "more" }] }

	it("is journaled after the messages it starts in, and read back with them", async () => {
		const temp = await makeTempDir("cairn-view-")
		try {
			const file = path.join(temp.dir, "api_history.jsonl")
			const journal = new ApiHistoryJournal(file, { isNew: true })
			const view = { keepFrom: 3, summary: "what happened", omitted: 0 }
			await journal.sync([task, answer, more, answer, more], view)
			await journal.sync([task, answer, more, answer, more, answer], view)
			await journal.close()
			const loaded = await new ApiHistoryJournal(file).load()
			expect(loaded.messages).toHaveLength(6)
			expect(loaded.view).toEqual(view)
			const lines = (await readFile(file, "utf8")).trim().split("\n")
			expect(lines.filter((line) => line.includes('"contextView"'))).toHaveLength(1)
		} finally {
			await temp.remove()
		}
	})

	it("survives compaction", async () => {
		const temp = await makeTempDir("cairn-view-")
		try {
			const file = path.join(temp.dir, "api_history.jsonl")
			const policy = { minRecords: 1, supersededShare: 0.01 }
			const journal = new ApiHistoryJournal(file, { isNew: true, compaction: policy })
			const view = { keepFrom: 3, summary: "s", omitted: 2 }
			const history = new ApiHistory([], (all, v) => void journal.sync(all, v))
			history.pushUser([{ type: "text", text: "<task>t</task>" }])
			history.pushAssistant([{ type: "text", text: "a" }])
			// Merged into the trailing user message: superseded records for compaction to fold.
			history.pushUser([{ type: "text", text: "one" }])
			history.pushUser([{ type: "text", text: "two" }])
			history.pushAssistant([{ type: "text", text: "b" }])
			history.pushUser([{ type: "text", text: "three" }])
			history.setView(view)
			await journal.settled()
			expect((await journal.compactIfWorthwhile()).compacted).toBe(true)
			await journal.close()
			const loaded = await new ApiHistoryJournal(file).load()
			expect(loaded.messages).toEqual(history.all)
			expect(loaded.view).toEqual(view)
		} finally {
			await temp.remove()
		}
	})

	it("is the whole history when none was journaled", () => {
		const records = [task, answer].map((message): ApiHistoryRecord => ({ type: "append", message }))
		expect(foldApiHistory(records).view).toEqual({ keepFrom: 1, omitted: 0 })
	})
})
