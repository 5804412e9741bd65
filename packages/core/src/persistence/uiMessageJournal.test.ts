import { readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import type { ClineMessage } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { UiMessageJournal } from "./uiMessageJournal.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let file: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-ui-journal-")
	file = path.join(temp.dir, "ui_messages.jsonl")
})
afterEach(() => temp.remove())

const say = (ts: number, text: string, extra: Partial<ClineMessage> = {}): ClineMessage => ({
	ts,
	type: "say",
	say: "text",
	text,
	...extra,
})
const lineCount = async () => (await readFile(file, "utf8")).split("\n").filter(Boolean).length
const smallPolicy = { minRecords: 10, supersededShare: 0.5 }

describe("UiMessageJournal", () => {
	it("round-trips final messages, returned in ts order", async () => {
		const journal = new UiMessageJournal(file)
		const messages: ClineMessage[] = [
			say(3, "third"),
			say(1, "first", { images: ["data:image/png;base64,AA=="] }),
			{ ts: 2, type: "ask", ask: "followup", text: '{"question":"?"}', partial: false },
		]
		for (const m of messages) await journal.append(m)
		await journal.close()
		const loaded = await new UiMessageJournal(file).load()
		expect(loaded).toEqual({
			messages: [messages[1], messages[2], messages[0]],
			rewinds: [],
			damagedLines: [],
			tornTail: false,
		})
	})

	it("keeps the last version of an edited message (same ts)", async () => {
		const journal = new UiMessageJournal(file)
		await journal.append(say(1, "api request"))
		await journal.append(say(2, "answer"))
		await journal.append(say(1, "api request, cost 0.01"))
		const { messages } = await journal.load()
		expect(messages.map((m) => m.text)).toEqual(["api request, cost 0.01", "answer"])
		await journal.close()
	})

	it("refuses a partial message at once, writing nothing", async () => {
		const journal = new UiMessageJournal(file)
		expect(() => journal.append(say(1, "stream", { partial: true }))).toThrow(/partial/)
		expect(() => journal.append({ ts: 2, type: "ask" } as ClineMessage)).toThrow(
			/not a valid ClineMessage/,
		)
		await journal.close()
		expect(await readdir(temp.dir)).toEqual([])
	})

	it("skips lines that are not ClineMessages and reports them, and ignores a torn tail", async () => {
		const good = JSON.stringify(say(1, "ok"))
		const wrongShape = JSON.stringify({ ts: 2, type: "ask", text: "no ask kind" })
		await writeFile(file, `${good}\n${wrongShape}\n{oops\n${JSON.stringify(say(4, "four"))}\n{"ts":5,"ty`)
		const loaded = await new UiMessageJournal(file).load()
		expect(loaded.messages.map((m) => m.ts)).toEqual([1, 4])
		expect(loaded.damagedLines.map((d) => d.line)).toEqual([2, 3])
		expect(loaded.damagedLines[0]?.error).toMatch(/an ask message needs `ask`/)
		expect(loaded.tornTail).toBe(true)
	})

	it("compacts to exactly the live records once most records are superseded", async () => {
		const journal = new UiMessageJournal(file, { compaction: smallPolicy, isNew: true })
		for (let version = 0; version < 5; version++)
			for (let ts = 1; ts <= 4; ts++) await journal.append(say(ts, `ts ${ts} v${version}`))
		expect(await lineCount()).toBe(20)
		const outcome = await journal.compactIfWorthwhile()
		expect(outcome).toEqual({ compacted: true, recordsBefore: 20, recordsAfter: 4 })
		expect(await lineCount()).toBe(4)
		await journal.append(say(5, "after compaction"))
		await journal.close()
		const { messages } = await new UiMessageJournal(file).load()
		expect(messages.map((m) => m.text)).toEqual([
			"ts 1 v4",
			"ts 2 v4",
			"ts 3 v4",
			"ts 4 v4",
			"after compaction",
		])
	})

	it("leaves a journal alone when little is superseded, when it is small, or when it has damaged lines", async () => {
		const journal = new UiMessageJournal(file, { compaction: smallPolicy, isNew: true })
		for (let ts = 1; ts <= 30; ts++) await journal.append(say(ts, "once"))
		expect(await journal.compactIfWorthwhile()).toMatchObject({ compacted: false })
		await journal.close()

		const small = new UiMessageJournal(path.join(temp.dir, "small.jsonl"), {
			compaction: smallPolicy,
			isNew: true,
		})
		for (let i = 0; i < 8; i++) await small.append(say(1, `v${i}`))
		expect(await small.compactIfWorthwhile()).toMatchObject({ compacted: false })
		await small.close()

		const edits = Array.from({ length: 30 }, (_, i) => JSON.stringify(say(1, `v${i}`))).join("\n")
		await writeFile(file, `garbage\n${edits}\n`)
		const damaged = new UiMessageJournal(file, { compaction: smallPolicy })
		await damaged.load()
		expect(await damaged.compactIfWorthwhile()).toEqual({
			compacted: false,
			reason: "the journal has damaged lines, kept for inspection",
		})
		expect(await lineCount()).toBe(31)
		await damaged.close()
	})

	it("is never observed half-written while compacting", async () => {
		const journal = new UiMessageJournal(file, { compaction: smallPolicy, isNew: true })
		const body = "z".repeat(20_000)
		for (let version = 0; version < 4; version++)
			for (let ts = 1; ts <= 100; ts++) void journal.append(say(ts, `${version}${body}`))
		await journal.settled()
		const expectedLive = Array.from({ length: 100 }, (_, i) => i + 1)
		let reads = 0
		let compacting = true
		const reader = (async () => {
			while (compacting) {
				const loaded = await new UiMessageJournal(file).load()
				expect(loaded.damagedLines).toEqual([])
				expect(loaded.tornTail).toBe(false)
				expect(loaded.messages.map((m) => m.ts)).toEqual(expectedLive)
				expect(loaded.messages.every((m) => m.text?.startsWith("3"))).toBe(true)
				reads++
			}
		})()
		const outcome = await journal.compactIfWorthwhile()
		compacting = false
		await reader
		expect(outcome).toEqual({ compacted: true, recordsBefore: 400, recordsAfter: 100 })
		expect(reads).toBeGreaterThan(0)
		expect(await lineCount()).toBe(100)
		expect((await readdir(temp.dir)).filter((n) => n.endsWith(".tmp"))).toEqual([])
		await journal.close()
	})
})
