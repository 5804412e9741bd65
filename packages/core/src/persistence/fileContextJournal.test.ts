import { readFile, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { FileContextState, SavedFile } from "../context/fileContext/fileContextState.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { FileContextJournal, fileContextDelta, foldFileContext } from "./fileContextJournal.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-filecontext-")
})
afterEach(() => temp.remove())

const file = (p: string, hash = `h-${p}`): SavedFile => ({ path: p, hash })
const state = (...files: SavedFile[]): FileContextState => ({ version: 1, files })
const journalFile = () => path.join(temp.dir, "file_context.jsonl")
const lines = async () => (await readFile(journalFile(), "utf8")).split("\n").filter(Boolean)

describe("fileContextDelta", () => {
	const before = state(file("a"), file("b"), file("c"), file("d"))
	const cases: [string, FileContextState][] = [
		["a file seen again moves to the end", state(file("a"), file("c"), file("d"), file("b"))],
		["a new file joins the end", state(file("a"), file("b"), file("c"), file("d"), file("e"))],
		["the oldest file is forgotten", state(file("b"), file("c"), file("d"), file("e"))],
		["a changed hash", state(file("a"), file("b"), file("c", "new"), file("d"))],
		[
			"a signature added",
			state(
				file("a"),
				{ ...file("b"), signature: { size: 1, mtimeMs: 2, ctimeMs: 3, ino: 4 } },
				file("c"),
				file("d"),
			),
		],
		["everything forgotten", state()],
		["nothing changed", before],
	]
	for (const [name, after] of cases)
		it(`turns the state before into the one after: ${name}`, () => {
			const delta = fileContextDelta(before, after)!
			expect(foldFileContext([{ state: before }, delta])).toEqual({ state: after })
		})

	it("carries only what changed: a turn that adds a file to 100 carries that file", () => {
		const hundred = state(...Array.from({ length: 100 }, (_, i) => file(`f${i}`)))
		const next = state(...hundred.files.slice(1), file("new"))
		expect(fileContextDelta(hundred, next)).toEqual({ set: [file("new")], drop: ["f0"] })
	})

	it("gives up on states whose paths repeat (a whole state is written instead)", () => {
		expect(fileContextDelta(state(file("a"), file("a")), state(file("a")))).toBeUndefined()
	})
})

describe("FileContextJournal", () => {
	it("journals each save as the change since the one before, and loads the last state saved", async () => {
		const journal = new FileContextJournal(temp.dir)
		await journal.load()
		await journal.save(state(file("a")))
		await journal.save(state(file("a"), file("b")))
		await journal.save(state(file("b"), file("a", "edited")))
		await journal.save(state(file("b"), file("a", "edited")))
		await journal.close()
		expect(await lines()).toEqual([
			JSON.stringify({ state: state(file("a")) }),
			JSON.stringify({ set: [file("b")], drop: [] }),
			JSON.stringify({ set: [file("a", "edited")], drop: [] }),
		])
		const reopened = new FileContextJournal(temp.dir)
		expect(await reopened.load()).toEqual({ state: state(file("b"), file("a", "edited")) })
		// The reopened journal knows the state: its next save is a change again.
		await reopened.save(state(file("a", "edited")))
		await reopened.close()
		expect((await lines()).at(-1)).toBe(JSON.stringify({ set: [], drop: ["b"] }))
	})

	it("rewrites the journal to one whole state once it is 128 records long", async () => {
		const journal = new FileContextJournal(temp.dir)
		await journal.load()
		const files: SavedFile[] = []
		for (let i = 0; i < 127; i++) {
			files.push(file(`f${i}`))
			await journal.save(state(...files))
		}
		expect(await lines()).toHaveLength(127)
		files.push(file("last"))
		await journal.save(state(...files))
		expect(await lines()).toEqual([JSON.stringify({ state: state(...files) })])
		await journal.close()
		expect(await new FileContextJournal(temp.dir).load()).toEqual({ state: state(...files) })
	})

	it("ignores a change a kill cut off: the state before it loads", async () => {
		const journal = new FileContextJournal(temp.dir)
		await journal.load()
		await journal.save(state(file("a")))
		await journal.close()
		await writeFile(journalFile(), `${await readFile(journalFile(), "utf8")}{"set":[{"pa`)
		expect(await new FileContextJournal(temp.dir).load()).toEqual({ state: state(file("a")) })
	})

	it("forgets the files, and says so, when a change has no valid state to apply to", async () => {
		await writeFile(journalFile(), `${JSON.stringify({ set: [file("a")], drop: [] })}\n`)
		expect(await new FileContextJournal(temp.dir).load()).toEqual({
			state: undefined,
			problem: {
				file: journalFile(),
				error: "record 1 changes a state that is not valid; the files read before are forgotten",
			},
		})
	})

	it("reads the file of an earlier version when there is no journal", async () => {
		await writeFile(path.join(temp.dir, "file_context.json"), JSON.stringify(state(file("old"))))
		const journal = new FileContextJournal(temp.dir)
		expect(await journal.load()).toEqual({ state: state(file("old")) })
		// Its first save is a whole state: the journal starts from it.
		await journal.save(state(file("old"), file("new")))
		await journal.close()
		expect(await lines()).toEqual([JSON.stringify({ state: state(file("old"), file("new")) })])
	})

	it("fails a save it could not write, and writes a whole state at the next one", async () => {
		const journal = new FileContextJournal(temp.dir)
		await journal.load()
		await journal.save(state(file("a")))
		await journal.close()
		await writeFile(journalFile(), "") // replaced by a folder below: appends fail
		const { rm, mkdir } = await import("node:fs/promises")
		await rm(journalFile())
		await mkdir(journalFile())
		await expect(journal.save(state(file("a"), file("b")))).rejects.toThrow()
		await rm(journalFile(), { recursive: true })
		await journal.save(state(file("a"), file("b")))
		await journal.close()
		expect(await lines()).toEqual([JSON.stringify({ state: state(file("a"), file("b")) })])
		expect((await stat(journalFile())).isFile()).toBe(true)
	})
})
