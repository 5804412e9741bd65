import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { diskBytes } from "./diskUsage.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-disk-usage-")
})
afterAll(() => temp.remove())

describe("disk bytes of a worktree", () => {
	it("counts its own files and never what a link leads to", async () => {
		const big = path.join(temp.dir, "big")
		await mkdir(big)
		await writeFile(path.join(big, "blob"), Buffer.alloc(1_000_000, 1))
		const tree = path.join(temp.dir, "tree")
		await mkdir(path.join(tree, "src"), { recursive: true })
		await writeFile(path.join(tree, "src", "a.ts"), Buffer.alloc(100_000, 1))
		const alone = await diskBytes(tree)
		expect(alone).toBeGreaterThanOrEqual(100_000)
		await symlink(big, path.join(tree, "node_modules"))
		await symlink(path.join(big, "blob"), path.join(tree, "blob-link"))
		expect(await diskBytes(tree)).toBeLessThan(alone + 20_000)
		expect(await diskBytes(path.join(temp.dir, "gone"))).toBe(0)
	})
})
