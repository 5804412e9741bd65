import { mkdir } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { repositoryKey, worktreesFolder } from "./worktreeFolder.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-worktree-folder-")
})
afterAll(() => temp.remove())

describe("where a repository's worktrees are kept", () => {
	it("is a folder per repository, told apart from another clone of the same name", () => {
		const one = repositoryKey("/a/app", "/a/app/.git")
		expect(one).toMatch(/^app-[0-9a-f]{12}$/)
		expect(repositoryKey("/b/app", "/b/app/.git")).not.toBe(one)
		expect(repositoryKey("/c/my app!", "/c/my app!/.git")).toMatch(/^my_app_-/)
	})

	it("is under Cairn's storage unless configured, and never a relative path", async () => {
		const top = path.join(temp.dir, "repo")
		await mkdir(path.join(top, ".git"), { recursive: true })
		const where = { top, commonDir: path.join(top, ".git"), key: "app-1" }
		const storageDir = path.join(temp.dir, "storage")
		expect(await worktreesFolder({ ...where, storageDir })).toBe(
			path.join(storageDir, "worktrees", "trees", "app-1"),
		)
		await expect(worktreesFolder({ ...where, storageDir, folder: "trees" })).rejects.toThrow(
			/absolute path/,
		)
		const around = { ...where, key: path.basename(temp.dir), folder: path.dirname(temp.dir) }
		await expect(worktreesFolder({ ...around, storageDir })).rejects.toThrow(
			/around the repository's work tree/,
		)
	})
})
