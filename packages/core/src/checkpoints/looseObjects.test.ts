import { spawnSync } from "node:child_process"
import { readdir, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { LooseObjects, type ObjectFormat } from "./looseObjects.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>

/** Plain git against a test repository, to say what git makes of the objects (never the code under test). */
function git(gitDir: string, input: string | Buffer, ...args: string[]): Buffer {
	const result = spawnSync("git", [`--git-dir=${gitDir}`, ...args], { input })
	if (result.status !== 0) throw new Error(result.stderr.toString())
	return result.stdout
}

async function repository(name: string, format: ObjectFormat): Promise<string> {
	const gitDir = path.join(temp.dir, name)
	spawnSync("git", ["init", "--quiet", "--bare", `--object-format=${format}`, gitDir])
	return gitDir
}

beforeAll(async () => {
	temp = await makeTempDir("cairn-loose-objects-")
})
afterAll(async () => {
	await temp.remove()
})

describe.runIf(process.platform === "linux")("writing objects as git writes loose objects", () => {
	for (const format of ["sha1", "sha256"] as const)
		it(`gives the ids git gives and objects git reads back exactly (${format})`, async () => {
			const gitDir = await repository(`same-${format}`, format)
			const objects = new LooseObjects(path.join(gitDir, "objects"), format)
			const bytes = Buffer.from([0, 1, 2, 255, 10, 13, 0x80])
			const blob = await objects.write("blob", bytes)
			expect(blob).toBe(git(gitDir, bytes, "hash-object", "--stdin").toString().trim())
			expect(git(gitDir, "", "cat-file", "blob", blob).equals(bytes)).toBe(true)

			const tree = git(gitDir, `100644 blob ${blob}\tfile\n`, "mktree").toString().trim()
			const commitText = `tree ${tree}\nauthor A <a@b> 1 +0000\ncommitter A <a@b> 1 +0000\n\nm\n`
			const commit = await objects.write("commit", Buffer.from(commitText))
			expect(commit).toBe(
				git(gitDir, commitText, "hash-object", "-t", "commit", "--stdin").toString().trim(),
			)
			expect(git(gitDir, "", "cat-file", "commit", commit).toString()).toBe(commitText)
			git(gitDir, "", "fsck", "--strict", "--no-dangling")
		})

	it("writes a large object too, and one already there is left as it was", async () => {
		const gitDir = await repository("again", "sha1")
		const objects = new LooseObjects(path.join(gitDir, "objects"), "sha1")
		const large = Buffer.alloc(3 * 1024 * 1024, "cairn ")
		const id = await objects.write("blob", large)
		expect(git(gitDir, "", "cat-file", "-s", id).toString().trim()).toBe(String(large.length))
		const file = path.join(gitDir, "objects", id.slice(0, 2), id.slice(2))
		const first = await stat(file)
		// Read-only, as git leaves its objects.
		expect(first.mode & 0o777).toBe(0o444)
		expect(await objects.write("blob", large)).toBe(id)
		expect((await stat(file)).ino).toBe(first.ino)
		// No temporary file is left behind.
		expect(await readdir(path.dirname(file))).toEqual([id.slice(2)])
	})

	it("says so when an object cannot be written, and names no object it did not write", async () => {
		const gitDir = await repository("blocked", "sha1")
		const id = git(gitDir, "x", "hash-object", "--stdin").toString().trim()
		// A file where the object's folder would be: no permission bit lets even root write there.
		await writeFile(path.join(gitDir, "objects", id.slice(0, 2)), "")
		const objects = new LooseObjects(path.join(gitDir, "objects"), "sha1")
		await expect(objects.write("blob", Buffer.from("x"))).rejects.toThrow(/ENOTDIR|EEXIST/)
	})

	it("refuses an object format it cannot write", () => {
		expect(LooseObjects.formatOf("sha1\n")).toBe("sha1")
		expect(() => LooseObjects.formatOf("sha3")).toThrow(/cannot write/)
	})
})
