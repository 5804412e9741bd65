import { open, writeFile } from "node:fs/promises"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { VectorMemory } from "./vectorMemory.js"

const vector = (seed: number, length: number) => Array.from({ length }, (_, i) => Math.sin(seed * 7 + i))
const plainDot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0)

/** `packed` written as a vectors file, read into a new VectorMemory. */
async function readBack(packed: Float32Array, dims: number, slots: number): Promise<VectorMemory> {
	const dir = await makeTempDir("cairn-vectors-")
	try {
		const file = path.join(dir.dir, "vectors.f32")
		await writeFile(file, new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength))
		const handle = await open(file, "r")
		try {
			const memory = new VectorMemory(dims)
			await memory.read(handle, slots)
			return memory
		} finally {
			await handle.close()
		}
	} finally {
		await dir.remove()
	}
}

describe("VectorMemory", () => {
	it.each([768, 6, 3])("scores like a plain dot product at %i dimensions, padding included", (dims) => {
		const memory = new VectorMemory(dims)
		const stored = [0, 1, 2].map((seed) => vector(seed, dims))
		stored.forEach((values, slot) => memory.set(slot, values))
		const query = vector(9, dims)
		memory.setQuery(query)
		stored.forEach((values, slot) => expect(memory.score(slot)).toBeCloseTo(plainDot(values, query), 3))
	})

	it("keeps every vector through growth, moves, packing and reading back", async () => {
		const dims = 6
		const memory = new VectorMemory(dims)
		const count = 5000
		for (let slot = 0; slot < count; slot++) memory.set(slot, vector(slot, dims))
		memory.move(4999, 0)
		expect(memory.packed(0, 1)).toEqual(new Float32Array(vector(4999, dims)))
		const packed = memory.packed(1, 3)
		expect(packed).toHaveLength(2 * dims)
		const copy = await readBack(memory.packed(0, count), dims, count)
		copy.setQuery(vector(1, dims))
		memory.setQuery(vector(1, dims))
		expect(copy.score(1)).toBe(memory.score(1))
		expect(copy.score(4998)).toBe(memory.score(4998))
	})
})

describe("VectorMemory.read", () => {
	it.each([1024, 1022])(
		"reads a vectors file at %i dimensions (padded or not) in several pieces",
		async (dims) => {
			// More than one 4 MB read's worth of slots.
			const slots = Math.ceil((5 * 1024 * 1024) / (dims * 4))
			const packed = new Float32Array(slots * dims).map((_, i) => (i % 1000) / 7)
			const memory = await readBack(packed, dims, slots)
			const bytes = (values: Float32Array) =>
				Buffer.from(values.buffer, values.byteOffset, values.byteLength)
			expect(bytes(memory.packed(0, slots)).equals(bytes(packed))).toBe(true)
		},
	)

	it("refuses a file shorter than the slots asked for", async () => {
		await expect(readBack(new Float32Array(6 * 2), 6, 3)).rejects.toThrow(/shorter/)
	})
})
