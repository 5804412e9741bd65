import { readFile, rm, stat, utimes } from "node:fs/promises"
import { hostname } from "node:os"
import lockfile from "proper-lockfile"
import { writeJsonAtomic } from "./atomicFile.js"

/**
 * A lock whose holder has not refreshed it for this long is taken over: the way out for a
 * holder on another machine (a shared folder) or one whose pid was reused. A holder that died
 * on this machine is noticed at once, through the owner file.
 */
const staleMs = 30_000
/** How long `wait` waits for a lock held for a short write, and how often it looks again. */
const waitLimitMs = 10_000
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
	/** Wait (up to 10 s) while another process holds it, for locks held over one short write. */
	wait?: boolean
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
	const deadline = Date.now() + waitLimitMs
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
			stale: staleMs,
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
		await writeJsonAtomic(options.ownerFile, owner)
	} catch (error) {
		await unlock().catch(() => undefined)
		throw error
	}
	return {
		async release() {
			// The owner file goes first: without it a half-released lock is only ever taken over as stale.
			await rm(options.ownerFile, { force: true })
			await unlock()
		},
	}
}

/** The holder of the lock as it is now; "dead" when it is a process of this machine that has ended. */
async function liveOwner(options: LockOptions): Promise<LockOwner | "dead" | undefined> {
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

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		// EPERM: it exists, it is just not ours to signal.
		return (error as NodeJS.ErrnoException).code === "EPERM"
	}
}
