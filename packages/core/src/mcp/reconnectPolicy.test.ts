import { describe, expect, it } from "vitest"
import { defaultReconnectPolicy, reconnectDelay } from "./reconnectPolicy.js"

describe("reconnectDelay", () => {
	it("starts at 1 s and doubles up to 60 s", () => {
		const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => reconnectDelay(defaultReconnectPolicy, n))
		expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000])
	})
})
