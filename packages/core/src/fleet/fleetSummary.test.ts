import { describe, expect, it } from "vitest"
import { summarise } from "./fleetSummary.js"
import type { FleetRecord } from "./taskRecord.js"

const worker = { shard: "0/1", pid: 1, hostname: "h" }
const record = (
	id: string,
	state: FleetRecord["state"],
	startedAt: number,
	durationMs?: number,
	cost?: number,
): FleetRecord => ({
	id,
	state,
	attempt: 1,
	worker,
	startedAt,
	checks: [],
	...(durationMs !== undefined && { endedAt: startedAt + durationMs, durationMs }),
	...(cost !== undefined && { cost }),
})

describe("a run's summary", () => {
	it("counts passed, failed and running, adds cost and time, and names the slowest tasks first", () => {
		const summary = summarise(
			[
				record("a", "passed", 1000, 400, 0.25),
				record("b", "failed", 1100, 900, 0.5),
				record("c", "passed", 1200, 100, 0.125),
				record("d", "running", 1300),
			],
			2,
		)
		expect(summary).toEqual({
			tasks: 4,
			passed: 2,
			failed: 1,
			running: 1,
			cost: 0.875,
			taskTimeMs: 1400,
			wallTimeMs: 2000 - 1000,
			slowest: [
				{ id: "b", state: "failed", durationMs: 900, cost: 0.5 },
				{ id: "a", state: "passed", durationMs: 400, cost: 0.25 },
			],
		})
	})

	it("is all zeros for an empty folder", () => {
		expect(summarise([])).toEqual({
			tasks: 0,
			passed: 0,
			failed: 0,
			running: 0,
			cost: 0,
			taskTimeMs: 0,
			wallTimeMs: 0,
			slowest: [],
		})
	})
})
