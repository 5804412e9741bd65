import { describe, expect, it } from "vitest"
import { ProviderError } from "../providers/providerError.js"
import { abortableDelay, retryDelayMs } from "./retryPolicy.js"

describe("retryDelayMs", () => {
	const server = new ProviderError("server", "500")
	it("backs off exponentially from the base delay", () => {
		expect([1, 2, 3].map((attempt) => retryDelayMs(server, attempt, 100))).toEqual([100, 200, 400])
	})
	it("honours the provider's retry-after", () => {
		expect(retryDelayMs(new ProviderError("rate_limit", "429", { retryAfterMs: 7_000 }), 1)).toBe(7_000)
	})
	it("caps a retry-after that would park the task for hours", () => {
		expect(retryDelayMs(new ProviderError("rate_limit", "429", { retryAfterMs: 3_600_000 }), 1)).toBe(
			60_000,
		)
	})
})

describe("abortableDelay", () => {
	it("rejects as soon as the signal aborts", async () => {
		const controller = new AbortController()
		const waiting = abortableDelay(60_000, controller.signal)
		controller.abort(new Error("stop"))
		await expect(waiting).rejects.toThrow("stop")
	})
})
