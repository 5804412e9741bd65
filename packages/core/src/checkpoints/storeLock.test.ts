import { spawnSync } from "node:child_process"
import { mkdir, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { lockHolder } from "../persistence/processLock.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { StoreLock } from "./storeLock.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let lockDir: string
const made: StoreLock[] = []
beforeEach(async () => {
	temp = await makeTempDir("cairn-store-lock-")
	lockDir = path.join(temp.dir, "repository.lock")
})
afterEach(async () => {
	await Promise.all(made.splice(0).map((lock) => lock.release()))
	await temp.remove()
})

/** A holder that, idle, keeps the lock far longer than any test runs: only a waiter frees it. */
const storeLock = () => {
	const lock = new StoreLock(lockDir, {
		lingerMs: 3_600_000,
		onReleaseFailed: (error) => {
			throw error
		},
	})
	made.push(lock)
	return lock
}
/** The owner file is rewritten (a new file renamed over it) each time the lock is taken. */
const ownerFileId = async () => (await stat(`${lockDir}.owner`)).ino

describe("the checkpoint store's lock", () => {
	it("is taken once for a run of operations, not once each", async () => {
		const lock = storeLock()
		await lock.run(async () => undefined)
		const taken = await ownerFileId()
		for (let i = 0; i < 20; i++) await lock.run(async () => undefined)
		expect(await ownerFileId()).toBe(taken)
		expect((await lockHolder({ lockDir, ownerFile: `${lockDir}.owner` }))?.pid).toBe(process.pid)
	})

	it("goes to a process that waits while its holder is idle", async () => {
		const holder = storeLock()
		await holder.run(async () => undefined)
		const ran = await storeLock().run(async () => "ran")
		expect(ran).toBe("ran")
	})

	it("goes to a process that waits after its busy holder's current operation", async () => {
		const holder = storeLock()
		let waiterDone = false
		await holder.run(async () => undefined)
		const waiter = storeLock()
			.run(async () => undefined)
			.then(() => (waiterDone = true))
		// The holder never idles: each operation (one file read, as a checkpoint's are) follows the last
		// at once, until the waiter has had its turn.
		let operations = 0
		while (!waiterDone) {
			await holder.run(() => stat(lockDir))
			operations++
		}
		await waiter
		expect(operations).toBeGreaterThan(0)
	})

	it("ignores what a process that died waiting left behind", async () => {
		const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
			encoding: "utf8",
		}).stdout
		await mkdir(`${lockDir}.waiting`, { recursive: true })
		await writeFile(path.join(`${lockDir}.waiting`, `${dead}-0a0b0c0d`), "")
		const lock = storeLock()
		await lock.run(async () => undefined)
		const taken = await ownerFileId()
		await lock.run(async () => undefined)
		expect(await ownerFileId()).toBe(taken)
	})

	it("is free once released", async () => {
		const lock = storeLock()
		await lock.run(async () => undefined)
		await lock.release()
		expect(await lockHolder({ lockDir, ownerFile: `${lockDir}.owner` })).toBeUndefined()
	})
})
