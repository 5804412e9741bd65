import { lstat, mkdir, readFile, readlink, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { copyFiles, linkFolders } from "./worktreeFiles.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let count = 0
beforeAll(async () => {
	temp = await makeTempDir("cairn-worktree-files-")
})
afterAll(() => temp.remove())

/** A main work tree and an empty worktree beside it, with `outside` a file in neither. */
async function trees() {
	const dir = path.join(temp.dir, `case-${++count}`)
	const top = path.join(dir, "top")
	const worktree = path.join(dir, "worktree")
	await mkdir(path.join(top, "config"), { recursive: true })
	await mkdir(worktree, { recursive: true })
	await writeFile(path.join(dir, "outside"), "secret\n")
	return { dir, top, worktree }
}

describe("copying files into a worktree", () => {
	it("copies plain paths and globs, and never over a file the worktree has", async () => {
		const { top, worktree } = await trees()
		await writeFile(path.join(top, ".env"), "A=1\n")
		await writeFile(path.join(top, "config", "db.local.json"), "{}\n")
		await writeFile(path.join(top, "config", "db.json"), "{}\n")
		await writeFile(path.join(top, "kept.txt"), "main's\n")
		await writeFile(path.join(worktree, "kept.txt"), "the worktree's\n")
		const result = await copyFiles(top, worktree, [".env", "config/*.local.json", "kept.txt", "absent"])
		expect(result).toEqual({
			placed: [".env", "config/db.local.json"],
			skipped: ["kept.txt is in the worktree already"],
		})
		expect(await readFile(path.join(worktree, "config", "db.local.json"), "utf8")).toBe("{}\n")
		expect(await readFile(path.join(worktree, "kept.txt"), "utf8")).toBe("the worktree's\n")
	})

	it("does not follow a link out of the repository, nor write through a link in the worktree", async () => {
		const { dir, top, worktree } = await trees()
		await symlink(path.join(dir, "outside"), path.join(top, ".env"))
		await writeFile(path.join(top, "config", "x.local.json"), "{}\n")
		await mkdir(path.join(dir, "elsewhere"))
		await symlink(path.join(dir, "elsewhere"), path.join(worktree, "config"))
		const result = await copyFiles(top, worktree, [".env", "config/x.local.json"])
		expect(result).toEqual({
			placed: [],
			skipped: [
				".env leads outside the repository",
				"config/x.local.json would land outside the worktree",
			],
		})
		expect(
			await lstat(path.join(dir, "elsewhere", "x.local.json")).catch(() => undefined),
		).toBeUndefined()
	})
})

describe("linking folders into a worktree", () => {
	it("links a folder to its real path instead of copying it, and not one leading out or already there", async () => {
		const { dir, top, worktree } = await trees()
		await mkdir(path.join(top, "node_modules", "pkg"), { recursive: true })
		await mkdir(path.join(top, "packages", "a", "node_modules"), { recursive: true })
		await mkdir(path.join(top, "src"))
		await mkdir(path.join(worktree, "src"))
		await symlink(dir, path.join(top, "up"))
		const result = await linkFolders(top, worktree, [
			"node_modules",
			"packages/*/node_modules",
			"src",
			"up",
		])
		expect(result).toEqual({
			placed: ["node_modules", "packages/a/node_modules"],
			skipped: ["src is in the worktree already", "up leads outside the repository"],
		})
		expect(await readlink(path.join(worktree, "node_modules"))).toBe(path.join(top, "node_modules"))
		expect((await lstat(path.join(worktree, "packages", "a", "node_modules"))).isSymbolicLink()).toBe(
			true,
		)
	})
})
