import { execFileSync } from "node:child_process"
import { mkdir, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { RepositoryGit } from "./repositoryGit.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let root: string
let repo: RepositoryGit
beforeAll(async () => {
	temp = await makeTempDir("cairn-repository-git-")
	root = path.join(temp.dir, "repo")
	await mkdir(root)
	git("init", "-q", "-b", "main")
	await writeFile(path.join(root, "a.txt"), "a\n")
	git("add", "-A")
	git("commit", "-q", "-m", "first")
	const opened = await RepositoryGit.open(root)
	if ("unavailable" in opened) throw new Error(opened.unavailable)
	repo = opened
})
afterAll(() => temp.remove())

const git = (...args: string[]) =>
	execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: root })
		.toString("utf8")
		.trim()

describe("the git commands of worktrees", () => {
	it("lists worktrees with their branch and head, and one whose folder is gone as prunable", async () => {
		const kept = path.join(temp.dir, "kept")
		const gone = path.join(temp.dir, "gone")
		await repo.addWorktree(kept, "cairn/kept", git("rev-parse", "HEAD"))
		await repo.addWorktree(gone, "cairn/gone", git("rev-parse", "HEAD"))
		await rm(gone, { recursive: true })
		const [main, ...linked] = await repo.worktrees()
		expect(main).toMatchObject({ path: root, branch: "main", head: git("rev-parse", "HEAD") })
		expect(linked.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
			{
				path: gone,
				branch: "cairn/gone",
				head: git("rev-parse", "HEAD"),
				prunable: expect.any(String),
			},
			{ path: kept, branch: "cairn/kept", head: git("rev-parse", "HEAD") },
		])
		await repo.prune()
		expect((await repo.worktrees()).map((tree) => tree.path)).toEqual([root, kept])
	})

	it("reads a ref that starts with a dash as a ref, never as an option", async () => {
		await expect(repo.commitOf("--all")).rejects.toThrow(/names no commit/)
		expect(await repo.branchTip("--all")).toBeUndefined()
		expect(await repo.commitOf("main")).toBe(git("rev-parse", "HEAD"))
	})

	it("deletes a branch only while it points where the caller judged it", async () => {
		const first = git("rev-parse", "HEAD")
		git("branch", "moved", first)
		git("commit", "-q", "--allow-empty", "-m", "second")
		git("branch", "-f", "moved", "HEAD")
		await expect(repo.deleteBranch("moved", first)).rejects.toThrow()
		expect(await repo.branchTip("moved")).toBe(git("rev-parse", "HEAD"))
		await repo.deleteBranch("moved", git("rev-parse", "HEAD"))
		expect(await repo.branchTip("moved")).toBeUndefined()
	})
})
