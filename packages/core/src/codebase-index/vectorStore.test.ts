import { readdir } from "node:fs/promises"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { normalized } from "./embedder.js"
import { VectorStore } from "./vectorStore.js"

let temp: { dir: string; remove(): Promise<void> }
beforeEach(async () => {
	temp = await makeTempDir("cairn-vectors-")
})
afterEach(() => temp.remove())

const version = (hash: string) => ({ hash, size: 1, mtimeMs: 1 })
const axis = (i: number, dims = 4) => normalized(Array.from({ length: dims }, (_, d) => (d === i ? 1 : 0.01)))
const lines = (startLine: number, endLine: number) => ({ startLine, endLine })

describe("VectorStore", () => {
	it("returns the closest chunks first, limited, and only from the files asked for", async () => {
		const store = await VectorStore.open(temp.dir, "model-a", 4)
		store.putFile("a.ts", version("ha"), [lines(1, 3), lines(4, 9)], [axis(0), axis(1)])
		store.putFile("lib/b.ts", version("hb"), [lines(1, 2)], [axis(2)])
		const hits = store.search(axis(1), 2)
		expect(hits.map((h) => [h.path, h.startLine])).toEqual([
			["a.ts", 4],
			["a.ts", 1],
		])
		expect(hits[0]?.score).toBeCloseTo(1, 5)
		expect(store.search(axis(1), 5, (file) => file.startsWith("lib/")).map((h) => h.path)).toEqual([
			"lib/b.ts",
		])
	})

	it("reads back what it saved, and starts empty for another model or damaged files", async () => {
		const store = await VectorStore.open(temp.dir, "model-a", 4)
		store.putFile("a.ts", version("ha"), [lines(1, 3)], [axis(0)])
		store.putFile("b.ts", version("hb"), [lines(1, 3)], [axis(1)])
		store.removeFile("b.ts")
		await store.save()

		const reopened = await VectorStore.open(temp.dir, "model-a", 4)
		expect(reopened.paths()).toEqual(["a.ts"])
		expect(reopened.versionOf("a.ts")).toEqual(version("ha"))
		expect(reopened.search(axis(0), 1)[0]).toMatchObject({ path: "a.ts", score: expect.closeTo(1, 5) })
		expect((await VectorStore.open(temp.dir, "model-b", 4)).fileCount).toBe(0)
		expect(await VectorStore.savedDimensions(temp.dir, "model-b")).toBeUndefined()
		expect(await VectorStore.savedDimensions(temp.dir, "model-a")).toBe(4)
	})

	it("refuses vectors of the wrong length", async () => {
		const store = await VectorStore.open(temp.dir, "model-a", 4)
		expect(() => store.putFile("a.ts", version("h"), [lines(1, 1)], [axis(0, 3)])).toThrow(
			/3 dimensions, not 4/,
		)
		expect(() => store.search(axis(0, 3), 1)).toThrow(/3 dimensions/)
	})

	it("compacts once replaced vectors outweigh live ones, keeping every live chunk findable", async () => {
		const store = await VectorStore.open(temp.dir, "model-a", 4)
		const chunks = Array.from({ length: 600 }, (_, i) => lines(i + 1, i + 1))
		for (let round = 0; round < 4; round++) {
			store.putFile(
				"big.ts",
				version(`h${round}`),
				chunks,
				chunks.map((_, i) => axis(i % 4)),
			)
			await store.save()
		}
		const files = await readdir(temp.dir)
		expect(files.filter((name) => name.endsWith(".f32"))).toHaveLength(1)
		const reopened = await VectorStore.open(temp.dir, "model-a", 4)
		expect(reopened.chunkCount).toBe(600)
		expect(await reopened.sizeOnDisk()).toBeLessThan(2 * 600 * 4 * 4 + 64_000)
		expect(reopened.search(axis(3), 1)[0]?.path).toBe("big.ts")
	})
})
