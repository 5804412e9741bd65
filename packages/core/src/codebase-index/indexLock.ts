import { mkdir } from "node:fs/promises"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { acquireLock, LockHeldError, type HeldLock } from "../persistence/processLock.js"

/** Between tries while another process updates the index: its runs take seconds to minutes. */
const retryMs = 1000

export interface IndexLockOptions {
	/** Called once, when the lock is found taken: another process (pid, when known) is updating this index. */
	onWaiting(pid: number | undefined): void
	/** The lock was lost while held (taken over as stale): stop writing. */
	onCompromised(error: Error): void
}

/**
 * The one-writer lock of an index folder. Two editor windows on one workspace share its index,
 * and two writers would append vectors over each other's and each save a manifest that forgets
 * the other's. Waits while another live process holds it; a dead holder's lock is taken at once
 * (processLock). Rejects once `signal` aborts.
 */
export async function lockIndexFolder(
	folder: string,
	signal: AbortSignal,
	options: IndexLockOptions,
): Promise<HeldLock> {
	await mkdir(folder, { recursive: true })
	let waiting = false
	for (;;) {
		signal.throwIfAborted()
		try {
			return await acquireLock({
				lockDir: path.join(folder, "writer.lock"),
				ownerFile: path.join(folder, "writer.json"),
				onCompromised: options.onCompromised,
			})
		} catch (error) {
			if (!(error instanceof LockHeldError)) throw error
			if (!waiting) options.onWaiting(error.owner?.pid)
			waiting = true
		}
		await sleep(retryMs, undefined, { signal })
	}
}
