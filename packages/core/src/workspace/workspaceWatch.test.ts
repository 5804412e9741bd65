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
	mark = watch.mark()
})
afterEach(async () => {
	watch.close()
	await temp.remove()
})

/** One reader's mark: each `taken` says what changed since the last. */
let mark: number
/** Sets the watch's folders; the reader marks where it stands once they are. */
const watchFolders = (folders: string[]) => {
	const watching = watch.watch(folders)
	mark = watch.mark()
	return watching
}
const taken = async () => {
	await settle()
	const changes = watch.since(mark)
	mark = watch.mark()
	return changes.kind === "lost" ? "lost" : [...changes.paths].sort()
}

describe.runIf(process.platform === "linux")("WorkspaceWatch", () => {
	it("is lost until it is given its folders", async () => {
		expect(await taken()).toBe("lost")
		expect(watch.watch(["", "src", "src/deep"])).toBe(true)
		expect(await taken()).toBe("lost")
		expect(await taken()).toEqual([])
	})

	it("names each path changed in a watched folder once (none in a folder it does not watch), and only what changed since the mark", async () => {
		watchFolders(["", "src", "src/deep"])
		await writeFile(path.join(temp.dir, "a.txt"), "a")
		await writeFile(path.join(temp.dir, "src/deep/z.md"), "z")
		await writeFile(path.join(temp.dir, "src/deep/z.md"), "z again")
		await writeFile(path.join(temp.dir, "unwatched/u.txt"), "u")
		expect(await taken()).toEqual(["a.txt", "src/deep/z.md"])
		expect(await taken()).toEqual([])
		await rm(path.join(temp.dir, "a.txt"))
		expect(await taken()).toEqual(["a.txt"])
	})

	it("is lost when a watched folder goes, until it is given its folders again", async () => {
		watchFolders(["", "src", "src/deep"])
		expect(await taken()).toEqual([])
		await rm(path.join(temp.dir, "src/deep"), { recursive: true })
		expect(await taken()).toBe("lost")
		expect(await taken()).toBe("lost")
		watch.watch(["", "src"])
		expect(await taken()).toBe("lost")
		await writeFile(path.join(temp.dir, "src/again.ts"), "x")
		expect(await taken()).toEqual(["src/again.ts"])
	})

	it("gives each reader what changed since its own mark; a mark made before the folders were set again is lost", async () => {
		watch.watch(["", "src"])
		const first = watch.mark()
		await writeFile(path.join(temp.dir, "a.txt"), "a")
		await settle()
		const second = watch.mark()
		await writeFile(path.join(temp.dir, "src/b.ts"), "b")
		await settle()
		const names = (changes: ReturnType<WorkspaceWatch["since"]>) =>
			changes.kind === "lost" ? "lost" : [...changes.paths].sort()
		expect(names(watch.since(first))).toEqual(["a.txt", "src/b.ts"])
		expect(names(watch.since(second))).toEqual(["src/b.ts"])
		expect(names(watch.since(first))).toEqual(["a.txt", "src/b.ts"])
		watch.watch(["", "src"])
		const third = watch.mark()
		expect(names(watch.since(second))).toBe("lost")
		expect(names(watch.since(third))).toEqual([])
	})

	it("keeps the last 256 changes: a reader whose mark is older than those is lost, one that asked since is not", async () => {
		watch.watch([""])
		const old = watch.mark()
		for (let i = 0; i < 200; i++) await writeFile(path.join(temp.dir, `f${i}.txt`), "x")
		await settle()
		const recent = watch.mark()
		for (let i = 200; i < 300; i++) await writeFile(path.join(temp.dir, `f${i}.txt`), "x")
		await settle()
		expect(watch.since(old).kind).toBe("lost")
		const since = watch.since(recent)
		expect(since.kind === "paths" && since.paths.size).toBe(100)
	})

	it("has the host read, by settle, a change made just before, even one made while it was reading others", async () => {
		watchFolders([""])
		const missed: number[] = []
		for (let i = 0; i < 100; i++) {
			// Now in a callback of the event loop's look at what is ready: that look is over.
			await new Promise((resolve) => stat(temp.dir, resolve))
			writeFileSync(path.join(temp.dir, `f${i}`), "x")
			await settle()
			const changes = watch.since(mark)
			mark = watch.mark()
			if (changes.kind !== "paths" || !changes.paths.has(`f${i}`)) missed.push(i)
		}
		expect(missed).toEqual([])
	})

	it("watches nothing, and says so, when a folder cannot be watched", async () => {
		expect(watchFolders(["", "missing"])).toBe(false)
		await writeFile(path.join(temp.dir, "a.txt"), "a")
		expect(await taken()).toBe("lost")
	})
})
