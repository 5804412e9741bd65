import { hostname } from "node:os"
import path from "node:path"
import { acquireLock, type HeldLock, LockHeldError, lockHolder } from "./processLock.js"

const lockDirName = "writer.lock"
const ownerFileName = "writer.json"

/** Another process has the task open: two writers would run every tool twice and interleave its journals. */
export class TaskLockedError extends Error {
	constructor(
		readonly taskId: string,
		readonly pid: number | undefined,
	) {
		const holder = pid === undefined ? "another process" : `another process (pid ${pid})`
		super(
			`Task ${taskId} is open in ${holder}. Close it there (or wait for that run to end), then open it again.`,
		)
		this.name = "TaskLockedError"
	}
}

/** The one-writer lock of the task in `taskDir`; held while a task runs in this process. */
export async function lockTaskFolder(
	taskId: string,
	taskDir: string,
	onCompromised: (error: Error) => void,
): Promise<HeldLock> {
	try {
		return await acquireLock({
			lockDir: path.join(taskDir, lockDirName),
			ownerFile: path.join(taskDir, ownerFileName),
			onCompromised,
		})
	} catch (error) {
		if (error instanceof LockHeldError) throw new TaskLockedError(taskId, error.owner?.pid)
		throw error
	}
}

/** True while another live process holds the task's lock (it runs the task there). */
export async function lockedElsewhere(taskDir: string): Promise<boolean> {
	const owner = await lockHolder({
		lockDir: path.join(taskDir, lockDirName),
		ownerFile: path.join(taskDir, ownerFileName),
	})
	return owner !== undefined && !(owner.pid === process.pid && owner.hostname === hostname())
}
