import { appendFile, mkdir, readFile, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { JsonlJournal, type RecordParser } from "./jsonlJournal.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let file: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-jsonl-")
	file = path.join(temp.dir, "journal.jsonl")
})
afterEach(() => temp.remove())

type Entry = { n: number; text?: string }
const parseEntry: RecordParser<Entry> = (value) =>
	typeof value === "object" && value !== null && typeof (value as Entry).n === "number"
		? { success: true, data: value as Entry }
		: { success: false, error: "not an entry" }

const journalAt = (at = file) => new JsonlJournal<Entry>(at, parseEntry)

describe("JsonlJournal", () => {
	it("treats a missing or empty file as an empty journal", async () => {
		const empty = { records: [], recordLines: [], damagedLines: [], tornTail: false }
		expect(await journalAt().load()).toEqual(empty)
		await writeFile(file, "")
		expect(await journalAt().load()).toEqual(empty)
	})

	it("appends one complete line per record and loads them back in order", async () => {
		const journal = journalAt()
		const entry: Entry = { n: 1, text: "line\nbreak and \u2028 separator" }
		await journal.append(entry)
		entry.text = "changed after append"
		await journal.appendMany([{ n: 2 }, { n: 3 }])
		await journal.close()
		const text = await readFile(file, "utf8")
		expect(text.split("\n")).toHaveLength(4)
		expect(await journalAt().load()).toEqual({
			records: [{ n: 1, text: "line\nbreak and \u2028 separator" }, { n: 2 }, { n: 3 }],
			recordLines: [1, 2, 3],
			damagedLines: [],
			tornTail: false,
		})
	})

	it("with durable set, syncs each append and still round-trips", async () => {
		const journal = new JsonlJournal<Entry>(file, parseEntry, { durable: true })
		await Promise.all([journal.append({ n: 1 }), journal.append({ n: 2 })])
		expect((await journal.load()).records).toEqual([{ n: 1 }, { n: 2 }])
		await journal.close()
	})

	it("ignores and reports a torn last line, and cuts it off before the next append", async () => {
		await writeFile(file, '{"n":1}\n{"n":2}\n{"n":3,"te')
		expect(await journalAt().load()).toEqual({
			records: [{ n: 1 }, { n: 2 }],
			recordLines: [1, 2],
			damagedLines: [],
			tornTail: true,
		})
		const journal = journalAt()
		await journal.append({ n: 4 })
		expect(journal.discardedTailBytes).toBe('{"n":3,"te'.length)
		await journal.close()
		expect(await readFile(file, "utf8")).toBe('{"n":1}\n{"n":2}\n{"n":4}\n')
	})

	it("counts even a parseable unterminated last line as torn: a record is committed by its newline", async () => {
		await writeFile(file, '{"n":1}\n{"n":2}')
		expect(await journalAt().load()).toMatchObject({ records: [{ n: 1 }], tornTail: true })
	})

	it("finds the last complete line when the torn tail is longer than one read chunk", async () => {
		const long = "x".repeat(200_000)
		await writeFile(file, `{"n":1}\n{"n":2,"text":"${long}`)
		const journal = journalAt()
		await journal.append({ n: 3 })
		expect((await journal.load()).records).toEqual([{ n: 1 }, { n: 3 }])
		await writeFile(file, `{"n":5,"text":"${long}`)
		const fresh = journalAt()
		await fresh.append({ n: 6 })
		expect((await fresh.load()).records).toEqual([{ n: 6 }])
		await Promise.all([journal.close(), fresh.close()])
	})

	it("reports damaged middle lines with their line numbers and loads the rest", async () => {
		const bad = Buffer.from([0xff, 0xfe, 0x0a])
		await writeFile(file, '{"n":1}\nnot json\n\n{"x":1}\n')
		await appendFile(file, bad)
		await appendFile(file, '\u0000\u0000\n{"n":6}\n')
		const loaded = await journalAt().load()
		expect(loaded.records).toEqual([{ n: 1 }, { n: 6 }])
		expect(loaded.recordLines).toEqual([1, 7])
		expect(loaded.tornTail).toBe(false)
		expect(loaded.damagedLines.map((d) => d.line)).toEqual([2, 4, 5, 6])
		expect(loaded.damagedLines[0]?.error).toMatch(/not valid JSON/)
		expect(loaded.damagedLines[1]?.error).toBe("not an entry")
		expect(loaded.damagedLines[2]?.error).toMatch(/UTF-8/)
	})

	it("never interleaves 1,000 appends made without awaiting each", async () => {
		const journal = journalAt()
		const text = "y".repeat(3000)
		await Promise.all(Array.from({ length: 1000 }, (_, n) => journal.append({ n, text })))
		await journal.close()
		const loaded = await journalAt().load()
		expect(loaded.damagedLines).toEqual([])
		expect(loaded.records.map((r) => r.n)).toEqual(Array.from({ length: 1000 }, (_, n) => n))
	})

	it("throws at once for a value JSON cannot hold, writing nothing", async () => {
		const journal = new JsonlJournal<unknown>(file, (value) => ({ success: true, data: value }))
		expect(() => journal.append(undefined)).toThrow(/JSON value/)
		expect(() => journal.append({ big: 1n })).toThrow(/BigInt/)
		await journal.close()
		await expect(stat(file)).rejects.toThrow(/ENOENT/)
	})

	it("fails the appends queued behind a failed one, so no record lands without its predecessors", async () => {
		const folder = path.join(temp.dir, "later")
		const journal = journalAt(path.join(folder, "journal.jsonl"))
		const results = await Promise.allSettled([journal.append({ n: 1 }), journal.append({ n: 2 })])
		expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"])
		expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/earlier append/)
		await mkdir(folder)
		await journal.append({ n: 3 })
		expect((await journal.load()).records).toEqual([{ n: 3 }])
		await journal.close()
	})

	it("rewrites atomically in the append queue, and later appends go to the new file", async () => {
		const journal = journalAt()
		void journal.appendMany([{ n: 1 }, { n: 2 }, { n: 3 }])
		const rewritten = journal.rewrite((current) => current.records.filter((r) => r.n !== 2))
		void journal.append({ n: 4 })
		expect(await rewritten).toBe(true)
		expect(await journal.rewrite(() => undefined)).toBe(false)
		await journal.close()
		expect(await readFile(file, "utf8")).toBe('{"n":1}\n{"n":3}\n{"n":4}\n')
	})
})
