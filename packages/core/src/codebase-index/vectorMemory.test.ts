import { describe, expect, it } from "vitest"
import { VectorMemory } from "./vectorMemory.js"

const vector = (seed: number, length: number) => Array.from({ length }, (_, i) => Math.sin(seed * 7 + i))
const plainDot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0)

describe("VectorMemory", () => {
	it.each([768, 6, 3])("scores like a plain dot product at %i dimensions, padding included", (dims) => {
		const memory = new VectorMemory(dims)
		const stored = [0, 1, 2].map((seed) => vector(seed, dims))
		stored.forEach((values, slot) => memory.set(slot, values))
		const query = vector(9, dims)
		memory.setQuery(query)
		stored.forEach((values, slot) => expect(memory.score(slot)).toBeCloseTo(plainDot(values, query), 3))
	})

	it("keeps every vector through growth, moves and packing", () => {
		const dims = 6
		const memory = new VectorMemory(dims)
		const count = 5000
		for (let slot = 0; slot < count; slot++) memory.set(slot, vector(slot, dims))
		memory.move(4999, 0)
		expect(memory.packed(0, 1)).toEqual(new Float32Array(vector(4999, dims)))
		const packed = memory.packed(1, 3)
		expect(packed).toHaveLength(2 * dims)
		const copy = new VectorMemory(dims)
		copy.load(memory.packed(0, count), count)
		copy.setQuery(vector(1, dims))
		memory.setQuery(vector(1, dims))
		expect(copy.score(1)).toBe(memory.score(1))
		expect(copy.score(4998)).toBe(memory.score(4998))
	})
})
