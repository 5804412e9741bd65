import { mkdir } from "node:fs/promises"
import { hostname } from "node:os"
import path from "node:path"
import { acquireLock, lockHolder, LockHeldError, type HeldLock } from "../persistence/processLock.js"
import { readRecord, type FleetRecord } from "./taskRecord.js"

/**
 * What a worker found when it went to take a task: it is `claimed` (this worker runs it, holding
 * its lock until `release`), already `passed` (never run again), or `held` by another live worker.
 */
export type ClaimOutcome =
	| { kind: "claimed"; claim: TaskClaim }
	| { kind: "passed"; record: FleetRecord }
	| { kind: "held"; by: string }

export interface TaskClaim {
	/** The record the task had before this claim (a failed or killed attempt), if any. */
	previous: FleetRecord | undefined
	/** Aborted when the lock is lost (taken over as stale): the task must stop and write nothing. */
	lost: AbortSignal
	release(): Promise<void>
}

/** The claims live apart from the records, in a hidden folder of the results folder. */
const claimsFolder = (results: string) => path.join(results, ".claims")

/**
 * Takes task `id` for this worker. The lock (an atomic mkdir, refreshed while held) is what keeps
 * two workers from running a task at once; the record, read again once the lock is held, is what
 * keeps a finished one from running twice. A lock whose holder died on this machine is taken at
 * once; one of another machine (a pod on another node) once it has gone stale, so this waits.
 */
export async function claimTask(results: string, id: string): Promise<ClaimOutcome> {
	const before = await readRecord(results, id)
	if (before.ok && before.value.state === "passed") return { kind: "passed", record: before.value }
	await mkdir(claimsFolder(results), { recursive: true })
	const where = {
		lockDir: path.join(claimsFolder(results), id),
		ownerFile: path.join(claimsFolder(results), `${id}.owner`),
	}
	const holder = await lockHolder(where)
	if (holder !== undefined && holder.hostname === hostname())
		return { kind: "held", by: `process ${holder.pid} on ${holder.hostname}` }
	const lost = new AbortController()
	let lock: HeldLock
	try {
		lock = await acquireLock({ ...where, wait: true, onCompromised: (error) => lost.abort(error) })
	} catch (error) {
		if (error instanceof LockHeldError)
			return {
				kind: "held",
				by: error.owner ? `process ${error.owner.pid} on ${error.owner.hostname}` : "another worker",
			}
		throw error
	}
	const after = await readRecord(results, id)
	if (after.ok && after.value.state === "passed") {
		await lock.release()
		return { kind: "passed", record: after.value }
	}
	if (!after.ok && after.reason !== "missing") {
		// A record that cannot be read might say "passed": running the task again could do it twice.
		await lock.release()
		throw new Error(`The result record of task ${id} cannot be read (${after.error}); nothing was run`)
	}
	return {
		kind: "claimed",
		claim: {
			previous: after.ok ? after.value : undefined,
			lost: lost.signal,
			release: () => lock.release(),
		},
	}
}
