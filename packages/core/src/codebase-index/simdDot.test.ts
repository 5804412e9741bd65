import { describe, expect, it } from "vitest"
import { dotModuleBytes, simdDot, wasm } from "./simdDot.js"

const plainDot = (a: Float32Array, b: Float32Array) =>
	a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0)
const values = (seed: number, length: number) =>
	Float32Array.from({ length }, (_, i) => Math.sin(seed * 13 + i * 0.7) * (1 + (i % 5)))

describe("the assembled SIMD dot product", () => {
	it("is a module this Node validates, so the SIMD path (not the plain fallback) is the one in use", () => {
		expect(wasm.validate(dotModuleBytes())).toBe(true)
		expect(simdDot(new wasm.Memory({ initial: 1 }))).toBeTypeOf("function")
	})

	it.each([0, 4, 8, 64, 768, 1536])("gives the plain loop's score over %i floats", (length) => {
		const memory = new wasm.Memory({ initial: 1 })
		const dot = simdDot(memory) ?? expect.fail("no SIMD")
		const view = new Float32Array(memory.buffer)
		const a = values(1, length)
		const b = values(2, length)
		const bOffset = length + 4
		view.set(a, 0)
		view.set(b, bOffset)
		const expected = plainDot(a, b)
		const score = dot(0, bOffset * Float32Array.BYTES_PER_ELEMENT, length)
		// Four partial sums in float32 add up in another order than one double: equal to float32 precision.
		expect(Math.abs(score - expected)).toBeLessThanOrEqual(
			1e-5 * Math.max(1, Math.abs(expected)) * Math.sqrt(length + 1),
		)
	})
})
