import { hostname } from "node:os"
import { inShard, shardText, type Shard } from "./shard.js"
import { claimTask } from "./taskClaim.js"
import type { FleetTask } from "./taskFile.js"
import { writeRecord, type FleetRecord } from "./taskRecord.js"

/** How one run of a task ended, as its runner tells it: everything of its record but the bookkeeping. */
export type TaskRunOutcome = Omit<
	FleetRecord,
	"id" | "attempt" | "worker" | "startedAt" | "endedAt" | "durationMs" | "state"
> & { state: "passed" | "failed" }

/** Runs one task (its agent, its checks) and says how it went; `signal` stops it. */
export type FleetTaskRunner = (
	task: FleetTask,
	attempt: number,
	signal: AbortSignal,
) => Promise<TaskRunOutcome>

/** What a run reports as it goes: a stream-json line each (`type: "fleet"`), a progress line in a terminal. */
export type FleetEvent =
	| { type: "fleet"; subtype: "start"; shard: string; tasks: number; inFile: number; concurrency: number }
	| { type: "fleet"; subtype: "task_skipped"; id: string; why: "passed" | "held"; by?: string }
	| { type: "fleet"; subtype: "task_started"; id: string; attempt: number }
	| { type: "fleet"; subtype: "task_ended"; id: string; record: FleetRecord }
	| { type: "fleet"; subtype: "task_lost"; id: string; why: string }
	| ({ type: "fleet"; subtype: "end" } & FleetTally)

export interface FleetTally {
	passed: number
	failed: number
	/** Passed in an earlier run: not run again. */
	skipped: number
	/** Held by another live worker: not run here. */
	held: number
	/** Taken over by another worker while running here (its lock went stale): its record is theirs. */
	lost: number
}

export interface FleetRunOptions {
	tasks: readonly FleetTask[]
	shard: Shard
	concurrency: number
	/** The results folder: a record per task, and the claims. */
	results: string
	runTask: FleetTaskRunner
	onEvent: (event: FleetEvent) => void
	/** Stops starting tasks and stops the running ones (SIGINT); what was stopped stays `running`, retried next time. */
	signal?: AbortSignal
	now?: () => number
}

/**
 * Runs this worker's share of the tasks, at most `concurrency` at once, in file order. A task
 * passed before is skipped; one that failed, or whose worker died, runs again as a new attempt.
 * A record that cannot be written stops the run (after the running tasks end) with that error:
 * carrying on would run tasks nobody can tell were done.
 */
export async function runFleet(options: FleetRunOptions): Promise<FleetTally> {
	const now = options.now ?? Date.now
	const share = options.tasks.filter((task) => inShard(task.id, options.shard))
	const worker = { shard: shardText(options.shard), pid: process.pid, hostname: hostname() }
	const tally: FleetTally = { passed: 0, failed: 0, skipped: 0, held: 0, lost: 0 }
	options.onEvent({
		type: "fleet",
		subtype: "start",
		shard: worker.shard,
		tasks: share.length,
		inFile: options.tasks.length,
		concurrency: options.concurrency,
	})
	let next = 0
	let fatal: unknown
	const runOne = async (task: FleetTask): Promise<void> => {
		const claimed = await claimTask(options.results, task.id)
		if (claimed.kind !== "claimed") {
			if (claimed.kind === "passed") tally.skipped++
			else tally.held++
			options.onEvent({
				type: "fleet",
				subtype: "task_skipped",
				id: task.id,
				why: claimed.kind,
				...(claimed.kind === "held" && { by: claimed.by }),
			})
			return
		}
		const { claim } = claimed
		try {
			const attempt = (claim.previous?.attempt ?? 0) + 1
			const startedAt = now()
			const base = { id: task.id, attempt, worker, startedAt, checks: [] }
			await writeRecord(options.results, { ...base, state: "running" })
			options.onEvent({ type: "fleet", subtype: "task_started", id: task.id, attempt })
			const stop = AbortSignal.any([claim.lost, ...(options.signal ? [options.signal] : [])])
			const outcome = await options
				.runTask(task, attempt, stop)
				.catch((error: unknown): TaskRunOutcome => ({
					state: "failed",
					checks: [],
					error: error instanceof Error ? error.message : String(error),
				}))
			if (claim.lost.aborted) {
				tally.lost++
				options.onEvent({
					type: "fleet",
					subtype: "task_lost",
					id: task.id,
					why: String(claim.lost.reason),
				})
				return
			}
			// Stopped from outside: the record stays `running`, so the next run retries it.
			if (options.signal?.aborted) return
			const endedAt = now()
			const record: FleetRecord = { ...base, ...outcome, endedAt, durationMs: endedAt - startedAt }
			await writeRecord(options.results, record)
			tally[record.state === "passed" ? "passed" : "failed"]++
			options.onEvent({ type: "fleet", subtype: "task_ended", id: task.id, record })
		} finally {
			await claim.release().catch(() => undefined)
		}
	}
	const lane = async (): Promise<void> => {
		while (fatal === undefined && !options.signal?.aborted && next < share.length) {
			const task = share[next++] as FleetTask
			try {
				await runOne(task)
			} catch (error) {
				fatal ??= error
			}
		}
	}
	await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, share.length)) }, lane))
	if (fatal !== undefined) throw fatal
	options.onEvent({ type: "fleet", subtype: "end", ...tally })
	return tally
}
