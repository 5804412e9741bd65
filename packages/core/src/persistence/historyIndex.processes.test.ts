import { spawn } from "node:child_process"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundleChild } from "../integration/crash/bundleChild.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { TaskStore } from "./taskStore.js"

// Two real processes on one storage folder (two CLI runs, a window and a CLI), each creating and
// finishing tasks at the same time: the history index they share ends with every task of both,
// each as its own process last wrote it.

let temp: Awaited<ReturnType<typeof makeTempDir>>
let child: string
beforeAll(async () => {
	temp = await makeTempDir("cairn-index-processes-")
	child = await bundleChild("../../persistence/historyIndexChild.ts", "history-index-child")
}, 60_000)
afterAll(() => temp.remove())

function run(storage: string, prefix: string, count: number): Promise<void> {
	return new Promise((resolve, reject) => {
		const process_ = spawn(process.execPath, [child, storage, prefix, String(count)], {
			stdio: ["ignore", "pipe", "inherit"],
		})
		let output = ""
		process_.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
		process_.on("exit", (code) =>
			code === 0 && output === "done\n"
				? resolve()
				: reject(new Error(`${prefix} exited ${String(code)}`)),
		)
	})
}

describe("the history index written by two processes at once", () => {
	it("keeps every task of both, each finished", { timeout: 60_000 }, async () => {
		const storage = path.join(temp.dir, "storage")
		await Promise.all([run(storage, "left", 25), run(storage, "right", 25)])
		const store = await TaskStore.open(storage)
		try {
			// Read from the index file as it is: nothing for the open to repair.
			expect(store.indexReport).toMatchObject({ added: [], dropped: [] })
			const items = store.list()
			expect(items).toHaveLength(50)
			expect(items.every((item) => item.status === "completed" && item.totalCost === 1)).toBe(true)
		} finally {
			await store.close()
		}
	})
})
