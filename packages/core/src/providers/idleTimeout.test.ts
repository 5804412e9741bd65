import { describe, expect, it } from "vitest"
import { withIdleTimeout } from "./idleTimeout.js"
import { ProviderError } from "./providerError.js"

/** Yields `first`, then nothing ever again; `returned` says whether it was closed. */
function source(first: string[]) {
	const state = { returned: false }
	async function* chunks() {
		try {
			yield* first
			await new Promise<void>(() => {})
		} finally {
			state.returned = true
		}
	}
	return { state, stream: chunks() }
}

describe("withIdleTimeout", () => {
	it("fails a stream that stays silent with a retryable network error, and stops the request", async () => {
		const { stream } = source([])
		const stopped: Error[] = []
		const reading = withIdleTimeout(stream, 20, (reason) => stopped.push(reason)).next()
		await expect(reading).rejects.toMatchObject({ kind: "network", retryable: true })
		await expect(reading).rejects.toThrow(/No answer from the model within/)
		expect(stopped[0]).toBeInstanceOf(ProviderError)
	})

	it("says the answer stalled once something came", async () => {
		const { stream } = source(["a"])
		const seen: string[] = []
		const reading = (async () => {
			for await (const chunk of withIdleTimeout(stream, 20, () => {})) seen.push(chunk)
		})()
		await expect(reading).rejects.toThrow(/answer stalled: nothing new for/)
		expect(seen).toEqual(["a"])
	})

	it("passes a finished stream through, and closes the source when the reader stops early", async () => {
		const { state, stream } = source(["a", "b"])
		const all: string[] = []
		for await (const chunk of withIdleTimeout(stream, 60_000, () => {})) {
			all.push(chunk)
			if (chunk === "b") break
		}
		expect(all).toEqual(["a", "b"])
		expect(state.returned).toBe(true)
		async function* short() {
			yield* ["x", "y"]
		}
		const whole: string[] = []
		for await (const chunk of withIdleTimeout(short(), 60_000, () => {})) whole.push(chunk)
		expect(whole).toEqual(["x", "y"])
	})

	it("counts only the time the stream is waited on: a reader slower than the timeout loses nothing", async () => {
		async function* prompt() {
			yield* ["a", "b", "c"]
		}
		const stopped: Error[] = []
		const read: string[] = []
		for await (const chunk of withIdleTimeout(prompt(), 20, (reason) => stopped.push(reason))) {
			read.push(chunk)
			await new Promise((resolve) => setTimeout(resolve, 60))
		}
		expect(read).toEqual(["a", "b", "c"])
		expect(stopped).toEqual([])
	})
})
