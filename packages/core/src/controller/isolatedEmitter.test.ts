import { describe, expect, it } from "vitest"
import { IsolatedEmitter } from "./isolatedEmitter.js"

interface Events {
	ping: [n: number]
}

describe("IsolatedEmitter", () => {
	it("runs every listener even when one throws, and reports the error", () => {
		const errors: string[] = []
		const emitter = new IsolatedEmitter<Events>((event, error) =>
			errors.push(`${event}: ${(error as Error).message}`),
		)
		const seen: number[] = []
		emitter.on("ping", () => {
			throw new Error("listener bug")
		})
		emitter.on("ping", (n) => seen.push(n))
		expect(() => emitter.emit("ping", 7)).not.toThrow()
		expect(seen).toEqual([7])
		expect(errors).toEqual(["ping: listener bug"])
	})

	it("reports a rejected async listener instead of leaving an unhandled rejection", async () => {
		const errors: string[] = []
		const emitter = new IsolatedEmitter<Events>((event) => errors.push(event))
		emitter.on("ping", async () => {
			throw new Error("async bug")
		})
		emitter.emit("ping", 1)
		await new Promise((resolve) => setImmediate(resolve))
		expect(errors).toEqual(["ping"])
	})

	it("honours once()", () => {
		const emitter = new IsolatedEmitter<Events>(() => undefined)
		let calls = 0
		emitter.once("ping", () => calls++)
		emitter.emit("ping", 1)
		emitter.emit("ping", 2)
		expect(calls).toBe(1)
	})
})
