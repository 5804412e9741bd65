import { mkdir, readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../../test-support/recordingLogger.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { stateFileName } from "./fileStateStore.js"
import { NodeHost } from "./NodeHost.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let storageDir: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-state-")
	storageDir = path.join(temp.dir, "storage")
})
afterEach(() => temp.remove())

const newHost = (logger = recordingLogger()) => new NodeHost({ workspaceRoot: temp.dir, storageDir, logger })

describe("FileStateStore", () => {
	it("persists JSON values across hosts", async () => {
		await newHost().state.set("settings", { mode: "code", list: [1, 2] })
		await newHost().state.set("other", 3)
		const host = newHost()
		expect(await host.state.get("settings")).toEqual({ mode: "code", list: [1, 2] })
		expect(await host.state.get("other")).toBe(3)
		expect(await host.state.get("absent")).toBeUndefined()
	})

	it("removes a key set to undefined", async () => {
		const host = newHost()
		await host.state.set("a", 1)
		await host.state.set("a", undefined)
		expect(await newHost().state.get("a")).toBeUndefined()
	})

	it("hands out copies, so mutating a value does not change the store", async () => {
		const host = newHost()
		const value = { n: 1 }
		await host.state.set("v", value)
		value.n = 2
		const read = (await host.state.get("v")) as { n: number }
		read.n = 3
		expect(await host.state.get("v")).toEqual({ n: 1 })
	})

	it("reports a corrupt file through the logger and starts empty instead of crashing", async () => {
		await mkdir(storageDir, { recursive: true })
		await writeFile(path.join(storageDir, stateFileName), '{"settings": {"mode": "co')
		const logger = recordingLogger()
		const host = newHost(logger)
		expect(await host.state.get("settings")).toBeUndefined()
		expect(logger.entries).toEqual([
			expect.objectContaining({ level: "error", message: expect.stringContaining("state") }),
		])
		await host.state.set("settings", { mode: "ask" })
		expect(await newHost().state.get("settings")).toEqual({ mode: "ask" })
		const names = await readdir(storageDir)
		expect(names.filter((n) => n.startsWith(`${stateFileName}.corrupt-`))).toHaveLength(1)
	})

	it("treats a file holding something other than an object as corrupt", async () => {
		await mkdir(storageDir, { recursive: true })
		await writeFile(path.join(storageDir, stateFileName), "[1,2]")
		const logger = recordingLogger()
		expect(await newHost(logger).state.get("0")).toBeUndefined()
		expect(logger.entries[0]?.level).toBe("error")
	})

	it("writes atomically: no temp files are left and the file is always whole JSON", async () => {
		const host = newHost()
		await Promise.all(Array.from({ length: 30 }, (_, i) => host.state.set(`k${i}`, "x".repeat(1000))))
		const names = await readdir(storageDir)
		expect(names.filter((n) => n.endsWith(".tmp"))).toEqual([])
		const parsed = JSON.parse(await readFile(path.join(storageDir, stateFileName), "utf8")) as object
		expect(Object.keys(parsed)).toHaveLength(30)
	})
})
