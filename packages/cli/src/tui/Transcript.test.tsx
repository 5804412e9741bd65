import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { settledCount } from "./Transcript.js"

const say = (ts: number, text: string, partial = false): ClineMessage => ({
	ts,
	type: "say",
	say: "text",
	text,
	partial,
})
const request = (ts: number, cost?: number): ClineMessage => ({
	ts,
	type: "say",
	say: "api_req_started",
	text: JSON.stringify({ request: "x", ...(cost !== undefined && { cost }) }),
})

describe("settledCount", () => {
	it("keeps the last row, partial rows and a streaming request's turn live", () => {
		expect(settledCount([])).toBe(0)
		expect(settledCount([say(1, "task")])).toBe(0)
		expect(settledCount([say(1, "task"), request(2), say(3, "a"), say(4, "b", true)])).toBe(1)
		expect(settledCount([say(1, "task"), request(2, 0.1), say(3, "a"), say(4, "b")])).toBe(3)
		expect(settledCount([say(1, "task"), request(2, 0.1), say(3, "a", true), say(4, "b")])).toBe(2)
	})
})
