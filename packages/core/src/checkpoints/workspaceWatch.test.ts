import { stat, writeFileSync } from "node:fs"
import { mkdir, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { settle, WorkspaceWatch } from "./workspaceWatch.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let watch: WorkspaceWatch
beforeEach(async () => {
	temp = await makeTempDir("cairn-watch-")
	await mkdir(path.join(temp.dir, "src/deep"), { recursive: true })
	await mkdir(path.join(temp.dir, "unwatched"))
	watch = new WorkspaceWatch(temp.dir)
})
afterEach(async () => {
	watch.close()
	await temp.remove()
})

const taken = async () => {
	await settle()
	const changes = watch.take()
	return changes.kind === "lost" ? "lost" : [...changes.paths].sort()
}

describe.runIf(process.platform === "linux")("WorkspaceWatch", () => {
	it("is lost until it is given its folders", async () => {
		expect(await taken()).toBe("lost")
		expect(watch.watch(["", "src", "src/deep"])).toBe(true)
		expect(await taken()).toEqual([])
	})

	it("names each path changed in a watched folder once (none in a folder it does not watch), and starts again at each take", async () => {
		watch.watch(["", "src", "src/deep"])
		await writeFile(path.join(temp.dir, "a.txt"), "a")
		await writeFile(path.join(temp.dir, "src/deep/z.md"), "z")
		await writeFile(path.join(temp.dir, "src/deep/z.md"), "z again")
		await writeFile(path.join(temp.dir, "unwatched/u.txt"), "u")
		expect(await taken()).toEqual(["a.txt", "src/deep/z.md"])
		expect(await taken()).toEqual([])
		await rm(path.join(temp.dir, "a.txt"))
		expect(await taken()).toEqual(["a.txt"])
	})

	it("is lost when a watched folder goes, or past 64 paths, until it is given its folders again", async () => {
		watch.watch(["", "src", "src/deep"])
		await rm(path.join(temp.dir, "src/deep"), { recursive: true })
		expect(await taken()).toBe("lost")
		watch.watch(["", "src"])
		for (let i = 0; i < 65; i++) await writeFile(path.join(temp.dir, `f${i}.txt`), "x")
		expect(await taken()).toBe("lost")
		expect(await taken()).toBe("lost")
		watch.watch(["", "src"])
		await writeFile(path.join(temp.dir, "src/again.ts"), "x")
		expect(await taken()).toEqual(["src/again.ts"])
	})

	it("has the host read, by settle, a change made just before, even one made while it was reading others", async () => {
		watch.watch([""])
		const missed: number[] = []
		for (let i = 0; i < 100; i++) {
			// Now in a callback of the event loop's look at what is ready: that look is over.
			await new Promise((resolve) => stat(temp.dir, resolve))
			writeFileSync(path.join(temp.dir, `f${i}`), "x")
			await settle()
			const changes = watch.take()
			if (changes.kind !== "paths" || !changes.paths.has(`f${i}`)) missed.push(i)
		}
		expect(missed).toEqual([])
	})

	it("watches nothing, and says so, when a folder cannot be watched", async () => {
		expect(watch.watch(["", "missing"])).toBe(false)
		await writeFile(path.join(temp.dir, "a.txt"), "a")
		expect(await taken()).toBe("lost")
	})
})
