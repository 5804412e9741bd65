import { randomBytes } from "node:crypto"
import { renameSync, writeFileSync } from "node:fs"
import { readFile, stat, utimes } from "node:fs/promises"
import { hostname } from "node:os"
import lockfile from "proper-lockfile"

/**
 * By default a lock whose holder has not refreshed it for this long is taken over
 * (proper-lockfile's default; a holder refreshes it every half of that). It is the way out
 * when the owner file cannot tell: a holder on another machine, or one killed between creating
 * the lock and writing the owner file. A holder that died on this machine is otherwise
 * noticed at once.
 */
const defaultStaleMs = 10_000
/** How much longer than the stale time `wait` waits, so a dead holder's lock is always taken. */
const waitMarginMs = 5_000
const waitStepMs = 20

export interface LockOwner {
	pid: number
	hostname: string
	/** Identify the lock directory this owner made, so an owner file left by an earlier holder is not believed. */
	lockIno: number
	lockBirthMs: number
}

/** The lock is held by a live process (or one this process cannot tell is dead). */
export class LockHeldError extends Error {
	constructor(
		readonly lockDir: string,
		readonly owner: LockOwner | undefined,
	) {
		super(
			owner === undefined
				? `${lockDir} is held by another process`
				: `${lockDir} is held by process ${owner.pid} on ${owner.hostname}`,
		)
		this.name = "LockHeldError"
	}
}

export interface LockOptions {
	/** The directory whose atomic creation is the lock (proper-lockfile's lock). */
	lockDir: string
	/** Who holds the lock, read by a process that finds it taken, to take over a dead holder's lock at once. */
	ownerFile: string
	/** Wait (up to the stale time and 5 s) while another process holds it, for locks held over one short write. */
	wait?: boolean
	/** When a holder that stopped refreshing the lock is taken to be gone; at least 2 s (proper-lockfile's minimum). */
	staleMs?: number
	/** The lock was lost while held (taken over as stale, or its directory removed). */
	onCompromised: (error: Error) => void
}

export interface HeldLock {
	release(): Promise<void>
}

/**
 * Takes an exclusive lock between processes, with `proper-lockfile`: an atomic mkdir, kept
 * fresh by a timer and released on exit. Throws LockHeldError while a live process holds it.
 */
export async function acquireLock(options: LockOptions): Promise<HeldLock> {
	const deadline = Date.now() + (options.staleMs ?? defaultStaleMs) + waitMarginMs
	for (;;) {
		const release = await tryLock(options)
		if (release !== undefined) return release
		const owner = await liveOwner(options)
		if (owner === "dead") {
			// Its holder died without releasing it (kill -9, a crash): mark it stale so proper-lockfile takes it over.
			await utimes(options.lockDir, 0, 0).catch(() => undefined)
			const taken = await tryLock(options)
			if (taken !== undefined) return taken
		}
		if (!options.wait || Date.now() >= deadline)
			throw new LockHeldError(options.lockDir, owner === "dead" ? undefined : owner)
		await new Promise((resolve) => setTimeout(resolve, waitStepMs))
	}
}

async function tryLock(options: LockOptions): Promise<HeldLock | undefined> {
	let unlock: () => Promise<void>
	try {
		// The target is the lock directory's parent: it exists, and the lock is named by lockfilePath.
		unlock = await lockfile.lock(options.lockDir, {
			lockfilePath: options.lockDir,
			realpath: false,
			stale: options.staleMs ?? defaultStaleMs,
			retries: 0,
			onCompromised: options.onCompromised,
		})
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ELOCKED") return undefined
		throw error
	}
	try {
		const info = await stat(options.lockDir)
		const owner: LockOwner = {
			pid: process.pid,
			hostname: hostname(),
			lockIno: info.ino,
			lockBirthMs: info.birthtimeMs,
		}
		writeOwner(options.ownerFile, owner)
	} catch (error) {
		await unlock().catch(() => undefined)
		throw error
	}
	// The owner file stays after release: it names the lock directory it was written for, so it is
	// ignored once that is gone, and a kill between two release steps cannot leave a lock unowned.
	return { release: unlock }
}

/**
 * Written whole or not at all (temp file and rename), but not synced: it only has to outlive
 * this process, not the machine, and a kill between taking the lock and writing this leaves a
 * lock only staleness can free, so the shorter that moment the better: synchronous, so no other
 * work of this process runs in between (and it costs less than two trips through the thread pool).
 */
function writeOwner(file: string, owner: LockOwner): void {
	const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`
	writeFileSync(temp, JSON.stringify(owner))
	renameSync(temp, file)
}

/** The live process holding the lock, if one does (a dead holder's lock counts as free). Takes nothing. */
export async function lockHolder(
	options: Pick<LockOptions, "lockDir" | "ownerFile">,
): Promise<LockOwner | undefined> {
	const owner = await liveOwner(options)
	return owner === "dead" ? undefined : owner
}

/** The holder of the lock as it is now; "dead" when it is a process of this machine that has ended. */
async function liveOwner(
	options: Pick<LockOptions, "lockDir" | "ownerFile">,
): Promise<LockOwner | "dead" | undefined> {
	const [owner, info] = await Promise.all([
		readFile(options.ownerFile, "utf8")
			.then((text) => JSON.parse(text) as LockOwner)
			.catch(() => undefined),
		stat(options.lockDir).catch(() => undefined),
	])
	if (owner === undefined || info === undefined) return undefined
	if (owner.lockIno !== info.ino || owner.lockBirthMs !== info.birthtimeMs) return undefined
	if (owner.hostname !== hostname() || isAlive(owner.pid)) return owner
	return "dead"
}

/** Whether a process of this machine still runs (one of another user's counts). */
export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		// EPERM: it exists, it is just not ours to signal.
		return (error as NodeJS.ErrnoException).code === "EPERM"
	}
}
