import { mkdir, readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { writeFileAtomic } from "./atomicWrite.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-atomic-write-")
})
afterEach(() => temp.remove())

describe("writeFileAtomic's folder", () => {
	it("makes the missing folders of a new file when asked", async () => {
		const file = path.join(temp.dir, "a", "b", "c.txt")
		await writeFileAtomic(file, "new", { createFolder: true })
		expect(await readFile(file, "utf8")).toBe("new")
		expect(await readdir(path.dirname(file))).toEqual(["c.txt"])
	})

	it("writes into a folder that exists without being told to make it", async () => {
		await mkdir(path.join(temp.dir, "there"))
		await writeFileAtomic(path.join(temp.dir, "there", "f.txt"), "x")
		expect(await readFile(path.join(temp.dir, "there", "f.txt"), "utf8")).toBe("x")
	})

	it("makes no folder unless asked", async () => {
		await expect(writeFileAtomic(path.join(temp.dir, "gone", "f.txt"), "x")).rejects.toThrow(/ENOENT/)
		expect(await readdir(temp.dir)).toEqual([])
	})

	it("fails, leaving nothing, where a file stands in the folder's place", async () => {
		await writeFile(path.join(temp.dir, "plain"), "a file")
		await expect(
			writeFileAtomic(path.join(temp.dir, "plain", "sub", "f.txt"), "x", { createFolder: true }),
		).rejects.toThrow(/ENOTDIR|EEXIST/)
		expect(await readdir(temp.dir)).toEqual(["plain"])
		expect(await readFile(path.join(temp.dir, "plain"), "utf8")).toBe("a file")
	})
})
