import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { appendFileSync, mkdirSync, readdirSync, statSync } from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import type { ObjectFormat } from "./looseObjects.js"
import { PackedTrees } from "./packedTrees.js"
import { treeObjectBody } from "./treeListing.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>

/** Plain git against a test repository, to say what git makes of the packs (never the code under test). */
function git(gitDir: string, input: string | Buffer, ...args: string[]): Buffer {
	const result = spawnSync("git", [`--git-dir=${gitDir}`, ...args], { input, maxBuffer: 64 * 1024 * 1024 })
	if (result.status !== 0) throw new Error(result.stderr.toString())
	return result.stdout
}

let repositories = 0
function repository(format: ObjectFormat = "sha1"): {
	folder: string
	gitDir: string
	trees: () => PackedTrees
} {
	const folder = path.join(temp.dir, `repository-${++repositories}`)
	const gitDir = path.join(folder, "git")
	spawnSync("git", ["init", "--quiet", "--bare", `--object-format=${format}`, gitDir])
	const trees = () =>
		new PackedTrees(folder, format, async (pack) => {
			git(gitDir, pack, "index-pack", "--stdin")
		})
	return { folder, gitDir, trees }
}

/** A folder's tree of `count` files named `f<i>.txt`, each a blob of its own (ids as random as git's). */
function folderBody(count: number, format: ObjectFormat = "sha1", changed = -1): Buffer {
	const entries = new Map<string, { mode: string; id: string }>()
	for (let i = 0; i < count; i++)
		entries.set(`f${i}.txt`, {
			mode: "100644",
			id: createHash(format)
				.update(i === changed ? `changed ${i}` : String(i))
				.digest("hex"),
		})
	return treeObjectBody(entries)
}

/** The bytes of the files in `folder`, all told. */
const sizeOf = (folder: string) =>
	readdirSync(folder).reduce((total, name) => total + statSync(path.join(folder, name)).size, 0)

const packsLeft = (folder: string) => readdirSync(folder).filter((name) => name.startsWith("trees-"))

beforeAll(async () => {
	temp = await makeTempDir("cairn-packed-trees-")
})
afterAll(async () => {
	await temp.remove()
})

describe.runIf(process.platform === "linux")("a checkpoint's trees written as a pack of deltas", () => {
	for (const format of ["sha1", "sha256"] as const)
		it(`gives the ids git gives, and git reads every tree back exactly once sealed (${format})`, async () => {
			const { folder, gitDir, trees } = repository(format)
			const packed = trees()
			const bodies: Buffer[] = []
			// A growing folder, one changed in the middle, one written twice, another folder, an empty root.
			for (let count = 1; count <= 40; count++) bodies.push(folderBody(count, format))
			bodies.push(folderBody(40, format, 17), folderBody(40, format), Buffer.alloc(0))
			const ids: string[] = []
			for (const [i, body] of bodies.entries())
				ids.push(
					await packed.write(i === bodies.length - 1 ? "" : i % 7 === 0 ? "other" : "src", body),
				)
			expect(packsLeft(folder)).toHaveLength(2)
			await packed.sealAll()
			expect(packsLeft(folder)).toEqual([])
			for (const [i, body] of bodies.entries()) {
				expect(ids[i]).toBe(
					git(gitDir, body, "hash-object", "-t", "tree", "--stdin", "--literally")
						.toString()
						.trim(),
				)
				expect(git(gitDir, "", "cat-file", "tree", ids[i] ?? "").equals(body), `tree ${i}`).toBe(true)
			}
			git(gitDir, "", "fsck", "--strict", "--no-dangling", "--unreachable")
		})

	it("packs a checkpoint's commit with its tree: git reads the chain once sealed", async () => {
		const { folder, gitDir, trees } = repository()
		const packed = trees()
		const tree = await packed.write("", folderBody(3))
		const commitBody = (parent?: string) =>
			Buffer.from(
				[
					`tree ${tree}`,
					...(parent ? [`parent ${parent}`] : []),
					"author A <a@b> 0 +0000",
					"committer A <a@b> 0 +0000",
					"",
					`${parent ?? "first"}\n`,
				].join("\n"),
			)
		const first = await packed.writeCommit(commitBody())
		const second = await packed.writeCommit(commitBody(first))
		expect(await packed.writeCommit(commitBody(first))).toBe(second)
		expect(
			readdirSync(path.join(gitDir, "objects")).filter((name) => /^[0-9a-f]{2}$/.test(name)),
		).toEqual([])
		await packed.sealAll()
		expect(packsLeft(folder)).toEqual([])
		expect(git(gitDir, "", "rev-list", second).toString().trim().split("\n")).toEqual([second, first])
		expect(git(gitDir, "", "cat-file", "commit", second).equals(commitBody(first))).toBe(true)
	})

	it("writes the entries that changed, not the folder again: 1,000 checkpoints of a growing folder of up to 1,000 files", async () => {
		const { folder, gitDir, trees } = repository()
		const packed = trees()
		let written = 0
		let wholeSizes = 0
		const seal = async () => {
			for (const name of packsLeft(folder)) written += statSync(path.join(folder, name)).size
			await packed.sealAll()
		}
		let last = ""
		for (let count = 1; count <= 1000; count++) {
			const body = folderBody(count)
			wholeSizes += body.length
			last = await packed.write("src", body)
			if (packed.full) await seal()
		}
		await seal()
		written += sizeOf(path.join(gitDir, "objects", "pack"))
		// Written whole, the trees take 17.9 MB; in four packs, each with one whole tree, a thirtieth of it.
		expect(wholeSizes).toBeGreaterThan(17_000_000)
		expect(written).toBeLessThan(wholeSizes / 30)
		expect(git(gitDir, "", "cat-file", "tree", last).equals(folderBody(1000))).toBe(true)
		git(gitDir, "", "fsck", "--strict", "--no-dangling", "--unreachable")
	})

	it("copies from past the first 64 KiB of the tree before, in pieces of at most 64 KiB", async () => {
		const { gitDir, trees } = repository()
		const packed = trees()
		const bodies = [folderBody(5000), folderBody(5001), folderBody(5001, "sha1", 4000)]
		expect(bodies[0]?.length).toBeGreaterThan(2 * 0x10000)
		const ids = []
		for (const body of bodies) ids.push(await packed.write("src", body))
		await packed.sealAll()
		for (const [i, body] of bodies.entries())
			expect(git(gitDir, "", "cat-file", "tree", ids[i] ?? "").equals(body), `tree ${i}`).toBe(true)
		// Stored as deltas: the pack holds one whole tree and two small ones.
		expect(sizeOf(path.join(gitDir, "objects", "pack"))).toBeLessThan((bodies[0]?.length ?? 0) * 1.2)
	})

	it("seals once full, so no delta chain grows past 256 trees", async () => {
		const { trees } = repository()
		const packed = trees()
		for (let count = 1; count < 256; count++) await packed.write("src", folderBody(count))
		expect(packed.full).toBe(false)
		await packed.write("src", folderBody(256))
		expect(packed.full).toBe(true)
	})

	it("seals what a process that died left, its last entry cut off half-written, from the entries it recorded", async () => {
		const { folder, gitDir, trees } = repository()
		const died = trees()
		const ids: string[] = []
		for (let count = 1; count <= 10; count++) ids.push(await died.write("src", folderBody(count)))
		const [pack] = packsLeft(folder).filter((name) => name.endsWith(".pack"))
		const whole = statSync(path.join(folder, pack ?? "")).size
		// The next entry's first bytes, and its record cut short before its newline.
		appendFileSync(path.join(folder, pack ?? ""), Buffer.from([0xb3, 0x04, 0x78, 0x01]))
		appendFileSync(
			path.join(folder, (pack ?? "").replace(/\.pack$/, ".entries")),
			`${whole} ${whole + 2}`,
		)
		await trees().sealAll()
		expect(packsLeft(folder)).toEqual([])
		for (const [i, id] of ids.entries())
			expect(git(gitDir, "", "cat-file", "tree", id).equals(folderBody(i + 1))).toBe(true)
	})

	it("starts a pack of its own when another process sealed the one it was writing", async () => {
		const { folder, gitDir, trees } = repository()
		const first = trees()
		const before = await first.write("src", folderBody(5))
		// Another window takes the lock and reads: it seals every pack it finds.
		await trees().sealAll()
		const after = await first.write("src", folderBody(6))
		expect(packsLeft(folder)).toHaveLength(2)
		await first.sealAll()
		expect(git(gitDir, "", "cat-file", "tree", before).equals(folderBody(5))).toBe(true)
		expect(git(gitDir, "", "cat-file", "tree", after).equals(folderBody(6))).toBe(true)
	})

	it("says so when git refuses a pack, and leaves it for a look", async () => {
		const folder = path.join(temp.dir, "refused")
		mkdirSync(folder)
		const packed = new PackedTrees(folder, "sha1", async () => {
			throw new Error("index-pack: disk full")
		})
		await packed.write("src", folderBody(3))
		await expect(packed.sealAll()).rejects.toThrow(/could not be given to git \(index-pack: disk full\)/)
		expect(packsLeft(folder)).toHaveLength(2)
	})
})
