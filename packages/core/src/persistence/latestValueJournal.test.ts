import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import type { RecordParser } from "./jsonlJournal.js"
import { LatestValueJournal } from "./latestValueJournal.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let file: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-latest-")
	file = path.join(temp.dir, "value.jsonl")
})
afterEach(() => temp.remove())

type Value = { n: number }
const parseValue: RecordParser<Value> = (value) =>
	typeof value === "object" && value !== null && typeof (value as Value).n === "number"
		? { success: true, data: value as Value }
		: { success: false, error: "not a value" }
const journalAt = (maxRecords = 8) => new LatestValueJournal<Value>(file, parseValue, { maxRecords })
const lines = async () => (await readFile(file, "utf8")).split("\n").filter(Boolean)

describe("LatestValueJournal", () => {
	it("has no value while the file is missing or empty", async () => {
		expect(await journalAt().load()).toEqual({ value: undefined, damagedLines: [], tornTail: false })
		await writeFile(file, "")
		expect((await journalAt().load()).value).toBeUndefined()
	})

	it("saves by appending one line per version; the last one is the value", async () => {
		const journal = journalAt()
		await journal.load()
		for (let n = 1; n <= 3; n++) await journal.save({ n })
		await journal.close()
		expect(await lines()).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
		expect((await journalAt().load()).value).toEqual({ n: 3 })
	})

	it("ignores a line a kill cut off, and the version before it is the value", async () => {
		await writeFile(file, '{"n":1}\n{"n":2}\n{"n":')
		expect(await journalAt().load()).toEqual({ value: { n: 2 }, damagedLines: [], tornTail: true })
		const journal = journalAt()
		await journal.load()
		await journal.save({ n: 3 })
		await journal.close()
		expect(await lines()).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
	})

	it("takes the last valid version when the last line is damaged, and reports the line", async () => {
		await writeFile(file, '{"n":1}\n{"x":2}\n')
		expect(await journalAt().load()).toEqual({
			value: { n: 1 },
			damagedLines: [{ line: 2, error: "not a value" }],
			tornTail: false,
		})
	})

	it("rewrites the file to its last version once it holds maxRecords", async () => {
		const journal = journalAt(4)
		await journal.load()
		for (let n = 1; n <= 3; n++) await journal.save({ n })
		expect(await lines()).toHaveLength(3)
		await journal.save({ n: 4 })
		expect(await lines()).toEqual(['{"n":4}'])
		for (let n = 5; n <= 6; n++) await journal.save({ n })
		expect(await lines()).toEqual(['{"n":4}', '{"n":5}', '{"n":6}'])
		await journal.save({ n: 7 })
		expect(await lines()).toEqual(['{"n":7}'])
		await journal.close()
	})

	it("counts what a file opened without loading holds by rewriting it at the first save", async () => {
		await writeFile(file, '{"n":1}\n{"n":2}\n')
		const journal = journalAt()
		await journal.save({ n: 3 })
		expect(await lines()).toEqual(['{"n":3}'])
		await journal.save({ n: 4 })
		expect(await lines()).toEqual(['{"n":3}', '{"n":4}'])
		await journal.close()
	})

	it("fails a save it could not write", async () => {
		const journal = new LatestValueJournal<Value>(path.join(temp.dir, "gone", "value.jsonl"), parseValue)
		await expect(journal.save({ n: 2 })).rejects.toThrow(/ENOENT/)
	})
})
