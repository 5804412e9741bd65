import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { StampedReads, stampOf } from "./stampedReads.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-stamps-")
})
afterEach(() => temp.remove())

describe("StampedReads", () => {
	it("reads a path again only when its stamp differs, and keeps nothing read without one", async () => {
		const reads = new StampedReads<number>(10)
		let count = 0
		const readNow = async () => ++count
		expect(await reads.read("a", "s1", readNow)).toBe(1)
		expect(await reads.read("a", "s1", readNow)).toBe(1)
		expect(await reads.read("a", "s2", readNow)).toBe(2)
		expect(await reads.read("a", undefined, readNow)).toBe(3)
		expect(await reads.read("a", "s2", readNow)).toBe(2)
	})

	it("forgets everything past its size, so a host that moves between workspaces does not grow", async () => {
		const reads = new StampedReads<string>(2)
		await reads.read("a", "s", async () => "first a")
		await reads.read("b", "s", async () => "b")
		await reads.read("c", "s", async () => "c")
		expect(await reads.read("a", "s", async () => "a read again")).toBe("a read again")
	})
})

describe("stampOf", () => {
	it("tells nothing about a file changed a moment ago: its time stamp may not have ticked yet", async () => {
		const file = path.join(temp.dir, "SKILL.md")
		await writeFile(file, "one")
		expect(stampOf(file)).toBeUndefined()
		expect(stampOf(path.join(temp.dir, "missing"))).toBe("absent")
	})
})
