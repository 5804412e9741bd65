import { execFileSync } from "node:child_process"
import { mkdir, rename, stat, utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import {
	hashContent,
	hashFile,
	sameSignature,
	fineTimestampTickMarginMs,
	signatureVouchesForContent,
	statSignature,
	timestampTickMarginMs,
	type StatSignature,
} from "./fileFingerprint.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-fingerprint-")
})
afterEach(() => temp.remove())

const file = (name: string) => path.join(temp.dir, name)

describe("content hashes", () => {
	it("hash a file's bytes as hashContent hashes the same text, across stream chunks", async () => {
		const text = `héllo\r\n${"x".repeat(200_000)}é\n`
		await writeFile(file("a.txt"), text)
		expect(await hashFile(file("a.txt"))).toBe(hashContent(text))
		expect(hashContent(text)).not.toBe(hashContent(text.replace("é\n", "e\n")))
	})

	it("hash a small file (read at once) as hashContent hashes its text", async () => {
		await writeFile(file("small.txt"), "héllo\n")
		expect(await hashFile(file("small.txt"), 7)).toBe(hashContent("héllo\n"))
	})

	it.runIf(process.platform !== "win32")(
		"say a FIFO put where a small file was has no content, without waiting for a writer",
		async () => {
			execFileSync("mkfifo", [file("pipe")])
			expect(await hashFile(file("pipe"), 10)).toBeUndefined()
		},
	)

	it("say a missing path or a folder has no content to hash", async () => {
		await mkdir(file("folder"))
		expect(await hashFile(file("missing.txt"))).toBeUndefined()
		expect(await hashFile(file("folder"))).toBeUndefined()
	})
})

describe("stat signatures", () => {
	it("stay the same while nobody writes, and change with a touch or a replacement", async () => {
		await writeFile(file("a.txt"), "one")
		const first = statSignature(file("a.txt"))
		expect(first).not.toBe("gone")
		expect(sameSignature(first as StatSignature, statSignature(file("a.txt")) as StatSignature)).toBe(
			true,
		)

		await utimes(file("a.txt"), new Date(2_000_000_000_000), new Date(2_000_000_000_000))
		const touched = statSignature(file("a.txt")) as StatSignature
		expect(sameSignature(first as StatSignature, touched)).toBe(false)

		// Same size, then renamed over the file as editors and atomic writes do: another inode.
		await writeFile(file("b.txt"), "one")
		await rename(file("b.txt"), file("a.txt"))
		const replaced = statSignature(file("a.txt")) as StatSignature
		expect(replaced.ino).not.toBe(touched.ino)
		expect(sameSignature(touched, replaced)).toBe(false)
	})

	it("are 'gone' for a missing path and for a folder", async () => {
		await mkdir(file("folder"))
		expect(statSignature(file("missing.txt"))).toBe("gone")
		expect(statSignature(file("folder"))).toBe("gone")
		expect(statSignature(path.join(file("missing"), "below.txt"))).toBe("gone")
	})

	it("vouch for the content only once the last change is older than a tick of the file's time stamps", () => {
		const at = (mtimeMs: number, ctimeMs: number): StatSignature => ({
			size: 3,
			mtimeMs,
			ctimeMs,
			ino: 7,
		})
		// Whole-millisecond stamps may come from a file system that keeps whole seconds (or 2 s).
		const coarse = at(1_000_000, 1_000_000)
		expect(signatureVouchesForContent(coarse, 1_000_000 + timestampTickMarginMs)).toBe(false)
		expect(signatureVouchesForContent(coarse, 1_000_000 + timestampTickMarginMs + 1)).toBe(true)
		// Stamps with a fraction of a millisecond come from one that keeps nanoseconds.
		const fine = at(1_000_000.25, 1_000_000.5)
		expect(signatureVouchesForContent(fine, 1_000_000.5 + fineTimestampTickMarginMs)).toBe(false)
		expect(signatureVouchesForContent(fine, 1_000_000.5 + fineTimestampTickMarginMs + 1)).toBe(true)
		// A program that sets a whole-second mtime leaves the wide margin in force.
		const setBack = at(999_000, 1_000_000.5)
		expect(signatureVouchesForContent(setBack, 1_000_000.5 + fineTimestampTickMarginMs + 1)).toBe(false)
	})

	it("take the last change from ctime, which a program cannot set back", async () => {
		await writeFile(file("a.txt"), "one")
		const info = await stat(file("a.txt"))
		const lastChange = Math.max(info.mtimeMs, info.ctimeMs)
		const signature = statSignature(file("a.txt")) as StatSignature
		expect(signatureVouchesForContent(signature, lastChange)).toBe(false)
		const old = new Date(lastChange - 10 * timestampTickMarginMs)
		await utimes(file("a.txt"), old, old)
		const backdated = statSignature(file("a.txt")) as StatSignature
		expect(signatureVouchesForContent(backdated, backdated.ctimeMs + 1)).toBe(false)
	})
})
