import { randomBytes } from "node:crypto"
import { readdirSync } from "node:fs"
import { mkdir, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { acquireLock, isAlive, LockHeldError, type HeldLock } from "../persistence/processLock.js"

export interface StoreLockOptions {
	/** How long the lock stays held after an operation when none follows and no process waits. */
	lingerMs?: number
	/** How often an idle holder looks for a process waiting for the lock. */
	waiterCheckMs?: number
	/** A release that failed (the lock then stays until this process ends or it goes stale). */
	onReleaseFailed: (error: unknown) => void
}

/** Long enough to span a task's turns, short enough that a window left idle frees the folder soon. */
const defaultLingerMs = 10_000
const defaultWaiterCheckMs = 100

/**
 * The checkpoint store's lock between processes (two windows or a CLI on the same folder),
 * held from one operation to the next instead of taken for each: taking it costs a directory
 * made and removed and an owner file written, a few milliseconds a checkpoint. A holder lets it
 * go once it has been idle `lingerMs`, at once after an operation when another process waits,
 * or within `waiterCheckMs` when one starts waiting while it is idle. A process that has to
 * wait says so with a file of its own in the `<lockDir>.waiting` folder, and one that comes to
 * take the lock while another waits waits too; a file left by a process that died waiting is
 * ignored.
 *
 * Callers run one operation at a time (CheckpointStore's queue does).
 */
export class StoreLock {
	private held: HeldLock | undefined
	private releasing: Promise<void> = Promise.resolve()
	private idle: NodeJS.Timeout | undefined
	private readonly waitingDir: string
	private readonly lingerMs: number
	private readonly waiterCheckMs: number

	constructor(
		private readonly lockDir: string,
		private readonly options: StoreLockOptions,
	) {
		this.waitingDir = `${lockDir}.waiting`
		this.lingerMs = options.lingerMs ?? defaultLingerMs
		this.waiterCheckMs = options.waiterCheckMs ?? defaultWaiterCheckMs
	}

	/** Runs `operation` with the lock held; keeps it a while after (see the class). */
	async run<T>(operation: () => Promise<T>): Promise<T> {
		await this.acquire()
		try {
			return await operation()
		} finally {
			this.idleOrRelease()
		}
	}

	/** Takes the lock (waiting while another process holds it) and keeps it until `release`. */
	async acquire(): Promise<void> {
		this.stopIdling()
		await this.releasing
		this.held ??= await this.take()
	}

	/** Lets the lock go now; resolves once it is free. */
	release(): Promise<void> {
		this.stopIdling()
		const held = this.held
		this.held = undefined
		if (held !== undefined)
			this.releasing = held.release().catch((error: unknown) => this.options.onReleaseFailed(error))
		return this.releasing
	}

	private async take(): Promise<HeldLock> {
		const lock = {
			lockDir: this.lockDir,
			ownerFile: `${this.lockDir}.owner`,
			staleMs: 30_000,
			onCompromised: () => undefined,
		}
		// One that waits already goes first: taking a lock its holder just let go for it would starve it.
		if (!this.someoneWaits())
			try {
				return await acquireLock({ ...lock, wait: false })
			} catch (error) {
				if (!(error instanceof LockHeldError)) throw error
			}
		const marker = path.join(this.waitingDir, `${process.pid}-${randomBytes(4).toString("hex")}`)
		await mkdir(this.waitingDir, { recursive: true })
		await writeFile(marker, "")
		try {
			return await acquireLock({ ...lock, wait: true })
		} finally {
			await rm(marker, { force: true })
		}
	}

	private idleOrRelease(): void {
		if (this.held === undefined) return
		if (this.someoneWaits()) {
			void this.release()
			return
		}
		const idleSince = Date.now()
		// Unreferenced: an idle holder never keeps the process alive (its exit frees the lock).
		this.idle = setInterval(() => {
			if (this.someoneWaits() || Date.now() - idleSince >= this.lingerMs) void this.release()
		}, this.waiterCheckMs).unref()
	}

	private stopIdling(): void {
		clearInterval(this.idle)
		this.idle = undefined
	}

	/** Whether a live process waits for the lock (synchronous: a directory read of a few names). */
	private someoneWaits(): boolean {
		let names: string[]
		try {
			names = readdirSync(this.waitingDir)
		} catch {
			return false
		}
		return names.some((name) => {
			const pid = Number.parseInt(name, 10)
			return Number.isInteger(pid) && pid > 0 && isAlive(pid)
		})
	}
}
