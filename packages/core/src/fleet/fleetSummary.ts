import type { FleetRecord } from "./taskRecord.js"

/** What a results folder says of a run, for `cairn results` (its table and its JSON). */
export interface FleetSummary {
	tasks: number
	passed: number
	failed: number
	/** Started and not ended: running now, or left by a worker that died (the next run retries them). */
	running: number
	/** Dollars, all tasks' last attempts together. */
	cost: number
	/** The tasks' durations added up: what the run would take one task at a time. */
	taskTimeMs: number
	/** From the first task's start to the last one's end: what the run took. */
	wallTimeMs: number
	/** The longest tasks, longest first. */
	slowest: Pick<FleetRecord, "id" | "state" | "durationMs" | "cost">[]
}

/** What of a record the summary reads (the GitHub Action reads records with a schema of its own). */
export type SummarisedRecord = Pick<
	FleetRecord,
	"id" | "state" | "startedAt" | "endedAt" | "durationMs" | "cost"
>

export function summarise(records: readonly SummarisedRecord[], slowestCount = 5): FleetSummary {
	const ended = records.filter((record) => record.endedAt !== undefined)
	const starts = records.map((record) => record.startedAt)
	const ends = ended.map((record) => record.endedAt as number)
	return {
		tasks: records.length,
		passed: records.filter((record) => record.state === "passed").length,
		failed: records.filter((record) => record.state === "failed").length,
		running: records.filter((record) => record.state === "running").length,
		cost: records.reduce((sum, record) => sum + (record.cost ?? 0), 0),
		taskTimeMs: ended.reduce((sum, record) => sum + (record.durationMs ?? 0), 0),
		wallTimeMs: ends.length === 0 ? 0 : Math.max(...ends) - Math.min(...starts),
		slowest: [...ended]
			.sort((a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0) || a.id.localeCompare(b.id))
			.slice(0, slowestCount)
			.map(({ id, state, durationMs, cost }) => ({
				id,
				state,
				...(durationMs !== undefined && { durationMs }),
				...(cost !== undefined && { cost }),
			})),
	}
}
