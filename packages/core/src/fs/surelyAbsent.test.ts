import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { surelyAbsent } from "./surelyAbsent.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-absent-")
})
afterEach(() => temp.remove())

describe("surelyAbsent", () => {
	it("is true only when nothing is there", async () => {
		await writeFile(path.join(temp.dir, "file"), "x")
		await mkdir(path.join(temp.dir, "folder"))
		expect(surelyAbsent(path.join(temp.dir, "missing"))).toBe(true)
		expect(surelyAbsent(path.join(temp.dir, "file"))).toBe(false)
		expect(surelyAbsent(path.join(temp.dir, "folder"))).toBe(false)
	})

	it("is false when it cannot tell (a file where a folder should be), so the caller reads and reports", () => {
		return writeFile(path.join(temp.dir, "file"), "x").then(() =>
			expect(surelyAbsent(path.join(temp.dir, "file", "below"))).toBe(false),
		)
	})
})
