import { mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { z } from "zod"
import { makeTempDir } from "../test-support/tempDir.js"
import { isAtomicTempName } from "../fs/atomicWrite.js"
import { readJsonFile, removeStaleTemps, writeJsonAtomic } from "./atomicFile.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-atomic-")
})
afterEach(() => temp.remove())

const schema = z.object({ n: z.number() })

describe("writeJsonAtomic / readJsonFile", () => {
	it("round-trips a value and leaves no temp file behind", async () => {
		const file = path.join(temp.dir, "meta.json")
		await writeJsonAtomic(file, { n: 1 })
		await writeJsonAtomic(file, { n: 2 })
		expect(await readJsonFile(file, schema)).toEqual({ ok: true, value: { n: 2 } })
		expect(await readdir(temp.dir)).toEqual(["meta.json"])
	})

	it("tells missing, corrupt and invalid files apart instead of throwing", async () => {
		const file = path.join(temp.dir, "meta.json")
		expect(await readJsonFile(file, schema)).toMatchObject({ ok: false, reason: "missing" })
		await writeFile(file, '{"n": 1')
		expect(await readJsonFile(file, schema)).toMatchObject({ ok: false, reason: "corrupt" })
		await writeFile(file, '{"n": "one"}')
		expect(await readJsonFile(file, schema)).toMatchObject({ ok: false, reason: "invalid" })
		await mkdir(path.join(temp.dir, "folder.json"))
		expect(await readJsonFile(path.join(temp.dir, "folder.json"), schema)).toMatchObject({
			ok: false,
			reason: "unreadable",
		})
	})

	it("is not disturbed by a leftover or truncated temp file from a crash", async () => {
		const file = path.join(temp.dir, "meta.json")
		await writeJsonAtomic(file, { n: 1 })
		// What a crash between writing the temp file and renaming it leaves behind.
		const leftover = path.join(temp.dir, ".meta.json.0123456789ab.tmp")
		await writeFile(leftover, '{"n": 2')
		expect(await readJsonFile(file, schema)).toEqual({ ok: true, value: { n: 1 } })
		await writeJsonAtomic(file, { n: 3 })
		expect(await readJsonFile(file, schema)).toEqual({ ok: true, value: { n: 3 } })
		expect(await readFile(leftover, "utf8")).toBe('{"n": 2')
	})

	it("keeps the old file and removes its temp file when the write fails", async () => {
		const file = path.join(temp.dir, "meta.json")
		await writeJsonAtomic(file, { n: 1 })
		await expect(writeJsonAtomic(file, { n: 10n })).rejects.toThrow(/BigInt/)
		// A rename over a non-empty folder fails after the temp file is complete.
		const blocked = path.join(temp.dir, "blocked")
		await mkdir(path.join(blocked, "inside"), { recursive: true })
		await expect(writeJsonAtomic(blocked, { n: 2 })).rejects.toThrow()
		expect((await readdir(temp.dir)).sort()).toEqual(["blocked", "meta.json"])
		expect(await readJsonFile(file, schema)).toEqual({ ok: true, value: { n: 1 } })
	})

	it("does not create a missing folder (a late write must not resurrect a deleted task)", async () => {
		await expect(writeJsonAtomic(path.join(temp.dir, "gone", "meta.json"), { n: 1 })).rejects.toThrow(
			/ENOENT/,
		)
		expect(await readdir(temp.dir)).toEqual([])
	})
})

describe("removeStaleTemps", () => {
	it("removes only old temp files of its own naming", async () => {
		const old = ".index.json.aaaaaaaaaaaa.tmp"
		const fresh = ".index.json.bbbbbbbbbbbb.tmp"
		for (const name of [old, fresh, "index.json", ".hidden.tmp"])
			await writeFile(path.join(temp.dir, name), "x")
		const hourAgo = new Date(Date.now() - 3_600_000)
		await utimes(path.join(temp.dir, old), hourAgo, hourAgo)
		await utimes(path.join(temp.dir, ".hidden.tmp"), hourAgo, hourAgo)
		expect(await removeStaleTemps(temp.dir, 60_000)).toEqual([old])
		expect((await readdir(temp.dir)).sort()).toEqual([".hidden.tmp", fresh, "index.json"].sort())
		expect(isAtomicTempName(fresh)).toBe(true)
		expect(isAtomicTempName("index.json")).toBe(false)
	})
})
